import type { FieldProblem } from '@travel/errors';
import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { DeletedBody, HttpUrl } from '../common/internal-components';
import { nonBlank } from '../common/params';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';
import type { PromotionKind } from './promotion-kinds';

// The promotion routes' schemas (promotions.routes.ts validates with them); their words are in
// internal.texts.yaml. The gateway checks shapes and ranges only; the promotions service checks what needs the
// stored promotion (required fields after a merge, validUntil after validFrom, one of percentBps and amount,
// caps, limits) with the same paths. The create bodies say in the document what it requires of a new one.

export const PromotionInstant = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .meta({ description: 'ISO 8601 with an offset (`2026-12-01T00:00:00Z`).' });

const money = z
  .number()
  .int('must be a whole number of rupees')
  .min(1, 'must be above zero')
  .max(1_000_000_000);
const oneOfPercentAndAmount = 'exactly one of percentBps and amount';
const voucherCode = z.string().regex(/^[A-Za-z0-9_-]{3,40}$/, 'must be 3 to 40 letters, digits, - or _');
const worth = {
  service: z
    .enum(['all', 'flight', 'hotel', 'car'])
    .meta({ description: 'The bookings it applies to (default `all`).' }),
  percentBps: z
    .number()
    .int()
    .min(1, 'must be 1 to 10000 basis points')
    .max(10_000, 'must be 1 to 10000 basis points')
    .meta({
      description: 'Percent in basis points (1000 = 10 %); rounded down to whole rupees. Not with `amount`.',
      'x-rule': oneOfPercentAndAmount,
    }),
  amount: money.meta({
    description: 'A fixed discount in whole rupees. Not with `percentBps`.',
    'x-rule': oneOfPercentAndAmount,
  }),
  maxDiscount: money.meta({ description: 'The largest discount a percent gives (whole rupees).' }),
  minAmount: z
    .number()
    .int('must be a whole number of rupees')
    .min(0)
    .max(1_000_000_000)
    .meta({ description: 'The smallest booking amount it applies to (whole rupees).' }),
};
const validity = {
  validFrom: PromotionInstant,
  validUntil: PromotionInstant.meta({ 'x-rule': 'after validFrom' }),
  active: z.boolean(),
};

// Create and update bodies of each kind: an update gives only the fields it changes, and so (for the gateway)
// may a create.

export const PromotionDiscountFields = z
  .strictObject({
    name: nonBlank(120),
    ...worth,
    ...validity,
    audience: z.enum(['b2c', 'tenants']).meta({
      description: '`b2c`: the storefront; `tenants`: the tenants it is allocated to (default `b2c`).',
    }),
  })
  .partial();

export const PromotionOfferFields = z
  .strictObject({
    title: nonBlank(120),
    description: z.string().trim().max(2000),
    imageUrl: HttpUrl,
    code: voucherCode.meta({ description: 'A voucher code the offer advertises.' }),
    ...validity,
    audience: z.enum(['b2c', 'tenants']),
  })
  .partial();

export const PromotionVoucherFields = z
  .strictObject({
    code: voucherCode.meta({ description: 'Unique ignoring case.' }),
    ...worth,
    maxDiscount: money.meta({
      description: 'Required with `percentBps`.',
      'x-rule': 'required with percentBps',
    }),
    ...validity,
    audience: z
      .enum(['anyone', 'tenants', 'customers'])
      .meta({ description: '`anyone` (default), or the tenants or customers it is allocated to.' }),
    maxRedemptions: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .meta({ description: 'Redemptions in total; absent: no limit.' }),
    maxRedemptionsPerHolder: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .meta({ description: 'Redemptions per customer or tenant; absent: no limit.' }),
  })
  .partial();

/** The fields a create or update gives, by kind. */
export const promotionFields = {
  discount: PromotionDiscountFields,
  offer: PromotionOfferFields,
  voucher: PromotionVoucherFields,
};

const percentOrAmount = [{ required: ['percentBps'] }, { required: ['amount'] }];

type NewFields = Partial<Record<string, unknown>>;

/** An instant as sent, when it is one. */
const instantOf = (value: unknown) => {
  const parsed = PromotionInstant.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/**
 * What a new promotion needs beyond each field's shape (the promotions service checks the same, with the same
 * paths and words, after an update's merge). It is judged on the body as sent, beside the schema
 * (`validateAcross`), so one answer lists every failing field: a zod refinement of the object is skipped once
 * a field has the wrong type (a percent of `2.5`), even with `when`.
 */
function newPromotionRules(kind: PromotionKind, required: string[]) {
  return (body: unknown): FieldProblem[] => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
    const fields = body as NewFields;
    const problems: FieldProblem[] = [];
    const problem = (path: string, message: string) => problems.push({ path, message });
    for (const path of required) if (fields[path] === undefined) problem(path, 'is required');
    if (kind !== 'offer') {
      if (fields.percentBps === undefined && fields.amount === undefined)
        problem('percentBps', 'percentBps or amount is required');
      if (fields.percentBps !== undefined && fields.amount !== undefined)
        problem('amount', 'give percentBps or amount, not both');
    }
    if (kind === 'voucher' && fields.percentBps !== undefined && fields.maxDiscount === undefined)
      problem('maxDiscount', 'is required for a percent voucher');
    const [validFrom, validUntil] = [instantOf(fields.validFrom), instantOf(fields.validUntil)];
    if (validFrom && validUntil && validUntil <= validFrom) problem('validUntil', 'must be after validFrom');
    return problems;
  };
}

/** The create bodies: the same fields, with what the promotions service requires of a new promotion. */
export const createPromotionBodies = {
  discount: PromotionDiscountFields.meta({ required: ['name', 'validUntil'], oneOf: percentOrAmount }),
  offer: PromotionOfferFields.meta({ required: ['title', 'validUntil'] }),
  voucher: PromotionVoucherFields.meta({ required: ['code', 'validUntil'], oneOf: percentOrAmount }),
};

/**
 * What a new promotion is checked with beyond its create body's fields, judged on the body as sent
 * (`validateAcross(createPromotionBodies[kind], body, [newPromotionChecks[kind]])`); the document says the same
 * rules with `required`, `oneOf` and `x-rule`.
 */
export const newPromotionChecks = {
  discount: newPromotionRules('discount', ['name', 'validUntil']),
  offer: newPromotionRules('offer', ['title', 'validUntil']),
  voucher: newPromotionRules('voucher', ['code', 'validUntil']),
};

export const PromotionAllocationRequest = z
  .strictObject({ tenantId: nonBlank(100).optional(), customerId: nonBlank(100).optional() })
  .refine((body) => (body.tenantId === undefined) !== (body.customerId === undefined), {
    message: 'give exactly one of tenantId and customerId',
    path: ['tenantId'],
  })
  .meta({
    description: 'Exactly one of `tenantId` and `customerId`.',
    oneOf: [{ required: ['tenantId'] }, { required: ['customerId'] }],
  });

export const VoucherApplyRequest = z.strictObject({
  code: nonBlank(40).meta({ description: 'Any case.' }),
  service: z.enum(['flight', 'hotel', 'car']),
  amount: money.meta({ description: 'The booking amount in whole rupees.' }),
});

// Responses.

export const PromotionAllocation = z.strictObject({
  id: z.string().regex(/^alc_/),
  tenantId: z.string().nullable(),
  customerId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

const integerOrNull = z.number().int().nullable();
const responseTimes = {
  validFrom: z.iso.datetime(),
  validUntil: z.iso.datetime(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  allocations: z.array(PromotionAllocation).optional().meta({ description: 'Platform views only.' }),
};
const responseWorth = {
  service: z.enum(['all', 'flight', 'hotel', 'car']),
  percentBps: integerOrNull,
  amount: integerOrNull,
  maxDiscount: integerOrNull,
  minAmount: integerOrNull,
};

export const PromotionDiscount = z.strictObject({
  id: z.string().regex(/^dsc_/),
  name: z.string(),
  ...responseWorth,
  audience: z.enum(['b2c', 'tenants']),
  ...responseTimes,
});

export const PromotionOffer = z.strictObject({
  id: z.string().regex(/^ofr_/),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  code: z.string().nullable(),
  audience: z.enum(['b2c', 'tenants']),
  ...responseTimes,
});

export const PromotionVoucher = z.strictObject({
  id: z.string().regex(/^vch_/),
  code: z.string(),
  ...responseWorth,
  maxRedemptions: integerOrNull,
  maxRedemptionsPerHolder: integerOrNull,
  redeemedCount: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'Redemptions held now: reserved by a booking in progress, or confirmed.' }),
  audience: z.enum(['anyone', 'tenants', 'customers']),
  ...responseTimes,
});

export const VoucherPreview = z.strictObject({
  voucherId: z.string().regex(/^vch_/),
  code: z.string().meta({ description: "The voucher's code as stored." }),
  amount: z.number().int(),
  discount: z.number().int().min(0),
  total: z.number().int().meta({ description: '`amount` − `discount`.' }),
  currency: z.literal('INR'),
});

/**
 * Each kind's named responses: one (with its allocations), a page of the platform's view, and a page as its
 * audience sees them (the same items, without allocations).
 */
const responsesOf = <S extends z.ZodType>(item: S) => ({
  one: dataOf(item),
  list: pageOf(item),
  publicList: pageOf(item),
});
const discountResponses = responsesOf(PromotionDiscount);
const offerResponses = responsesOf(PromotionOffer);
const voucherResponses = responsesOf(PromotionVoucher);
const AllocationBody = dataOf(PromotionAllocation);
const VoucherPreviewBody = dataOf(VoucherPreview);

/** The platform's operations on one kind: list, create, update, delete, allocate, remove an allocation. */
function adminOperationsOf(kind: PromotionKind, idPrefix: string, responses: ReturnType<typeof responsesOf>) {
  const Kind = `${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
  const base = `/admin/${kind}s`;
  const idParams = z.object({
    id: z.string().meta({ description: `The ${kind}'s id (\`${idPrefix}_…\`).` }),
  });
  const ofIdParams = z.object({ id: z.string().meta({ description: `The ${kind}'s id.` }) });
  const allocationParams = ofIdParams.extend({
    allocationId: z
      .string()
      .meta({ description: `The allocation's id (\`alc_…\`); one of another ${kind} is \`404\`.` }),
  });
  return defineOperations({
    [`list${Kind}s`]: { method: 'get', path: base, query: pageQuery, responses: { '200': responses.list } },
    [`create${Kind}`]: {
      method: 'post',
      path: base,
      body: createPromotionBodies[kind],
      bodyRequired: true,
      responses: { '201': responses.one },
    },
    [`update${Kind}`]: {
      method: 'put',
      path: `${base}/{id}`,
      params: idParams,
      body: promotionFields[kind],
      bodyRequired: true,
      responses: { '200': responses.one },
    },
    [`delete${Kind}`]: {
      method: 'delete',
      path: `${base}/{id}`,
      params: idParams,
      responses: { '200': DeletedBody },
    },
    [`allocate${Kind}`]: {
      method: 'post',
      path: `${base}/{id}/allocate`,
      params: ofIdParams,
      body: PromotionAllocationRequest,
      bodyRequired: true,
      responses: { '201': AllocationBody },
    },
    [`removeAllocationOf${Kind}`]: {
      method: 'delete',
      path: `${base}/{id}/allocate/{allocationId}`,
      params: allocationParams,
      responses: { '200': DeletedBody },
    },
  });
}

export const promotionsContract = {
  operations: defineOperations({
    ...adminOperationsOf('discount', 'dsc', discountResponses),
    ...adminOperationsOf('offer', 'ofr', offerResponses),
    ...adminOperationsOf('voucher', 'vch', voucherResponses),
    listMyDiscounts: {
      method: 'get',
      path: '/admin/discounts/mine',
      query: pageQuery,
      responses: { '200': discountResponses.publicList },
    },
    listMyOffers: {
      method: 'get',
      path: '/admin/offers/mine',
      query: pageQuery,
      responses: { '200': offerResponses.publicList },
    },
    listB2cDiscounts: {
      method: 'get',
      path: '/discounts/b2c',
      query: pageQuery,
      responses: { '200': discountResponses.publicList },
    },
    listB2cOffers: {
      method: 'get',
      path: '/offers/b2c',
      query: pageQuery,
      responses: { '200': offerResponses.publicList },
    },
    previewVoucher: {
      method: 'post',
      path: '/vouchers/apply',
      body: VoucherApplyRequest,
      bodyRequired: true,
      responses: { '200': VoucherPreviewBody },
    },
    previewVoucherForStaff: {
      method: 'post',
      path: '/admin/vouchers/apply',
      body: VoucherApplyRequest,
      bodyRequired: true,
      responses: { '200': VoucherPreviewBody },
    },
    listMyPromoCodes: {
      method: 'get',
      path: '/wallet/promo-codes',
      query: pageQuery,
      responses: { '200': voucherResponses.publicList },
    },
  }),
  components: {
    PromotionInstant,
    PromotionDiscountFields,
    PromotionOfferFields,
    PromotionVoucherFields,
    PromotionAllocationRequest,
    VoucherApplyRequest,
    PromotionAllocation,
    PromotionDiscount,
    PromotionOffer,
    PromotionVoucher,
  },
  responses: {
    PromotionDiscount: discountResponses.one,
    PromotionDiscountList: discountResponses.list,
    PromotionPublicDiscountList: discountResponses.publicList,
    PromotionOffer: offerResponses.one,
    PromotionOfferList: offerResponses.list,
    PromotionPublicOfferList: offerResponses.publicList,
    PromotionVoucher: voucherResponses.one,
    PromotionVoucherList: voucherResponses.list,
    PromotionPublicVoucherList: voucherResponses.publicList,
    PromotionAllocation: AllocationBody,
    VoucherPreview: VoucherPreviewBody,
  },
};
