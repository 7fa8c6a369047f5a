import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { directoryPageQuery, pageInDataOf } from '../common/internal-components';
import { dataOf } from '../common/partner-contract/operations';
import { quoteQuery, SERVICES } from '../common/quote';

// The pricing routes' schemas (pricing.routes.ts validates with them); words in internal.texts.yaml.

export const PricedService = z.enum(SERVICES);

export const PricingRuleKind = z.enum(['margin', 'tax', 'fee']).meta({
  description:
    "`margin`: per tenant (and service) or the platform's; `tax`, `fee`: platform-wide per service.",
});

export const Bps = z
  .number()
  .int()
  .min(0)
  .max(100_000)
  .meta({ description: 'A rate in basis points (1 bps = 0.01 %), 0 to 100000 (1000 %).' });

export const PricingRule = z
  .strictObject({
    id: z.string().regex(/^prc_/),
    kind: PricingRuleKind,
    tenantId: z
      .string()
      .nullable()
      .meta({ description: 'The tenant of a tenant margin; null for the platform margin, tax and fee.' }),
    service: PricedService.nullable().meta({
      description: 'The service; null for a general (tenant) or platform margin.',
    }),
    bps: Bps,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({
    examples: [
      {
        id: 'prc_2',
        kind: 'margin',
        tenantId: 'ten_3',
        service: 'hotel',
        bps: 1000,
        createdAt: '2026-11-21T10:05:00.000Z',
        updatedAt: '2026-11-22T09:30:00.000Z',
      },
    ],
  });

export const PricingRuleDefault = z
  .strictObject({
    kind: PricingRuleKind,
    tenantId: z.null(),
    service: PricedService.nullable().meta({
      description: 'The service of a tax or fee; null for the platform margin.',
    }),
    bps: Bps,
  })
  .meta({
    description: 'A configured default in force in a platform slot that no stored rule fills.',
    examples: [{ kind: 'tax', tenantId: null, service: 'hotel', bps: 1200 }],
  });

export const Quote = z
  .strictObject({
    service: PricedService,
    baseAmount: z.number().int().min(0),
    tax: z.number().int().min(0),
    fee: z.number().int().min(0),
    total: z.number().int().min(0),
    currency: z.literal('INR'),
  })
  .meta({
    description:
      'A priced amount, in whole rupees: `baseAmount` is the amount with the margin folded in, `tax` and\n' +
      '`fee` are computed on it, `total = baseAmount + tax + fee`.\n',
    examples: [{ service: 'hotel', baseAmount: 7140, tax: 857, fee: 143, total: 8140, currency: 'INR' }],
  });

const PricingRuleBody = dataOf(PricingRule);
const QuoteBody = dataOf(Quote);
const ruleIdParams = z.object({ id: z.string().meta({ description: "The pricing rule's id (`prc_…`)." }) });

export const createPricingRuleBody = z.strictObject({
  kind: PricingRuleKind,
  // The form of a tenant id, checked here beside every other field and again by the pricing service.
  tenantId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, _ or -')
    .nullable()
    .optional()
    .meta({ 'x-rule': 'absent or null for tax and fee (platform-wide)' }),
  service: PricedService.nullable().optional().meta({ 'x-rule': 'required for tax and fee' }),
  bps: Bps,
});

export const updatePricingRuleBody = z.strictObject({ bps: Bps });

/** The storefront's quote: `quoteQuery` with its words. */
export const storefrontQuoteQuery = z.object({
  service: PricedService.meta({
    description: 'What is priced; tax and fee rates differ per service.',
    examples: ['hotel'],
  }),
  amount: quoteQuery.shape.amount.meta({
    description:
      'The supplier amount in INR, greater than 0, with at most two decimals (paise) and at most 12\n' +
      'digits before the point, e.g. `6800` or `1234.5`. The results are whole rupees.\n',
    examples: ['6800'],
  }),
});

export const staffQuoteQuery = storefrontQuoteQuery.extend({
  tenantId: z
    .string()
    .min(1)
    .optional()
    .meta({
      description: 'Platform staff only (ignored for tenant staff); the tenant whose margin applies.',
      examples: ['ten_3'],
    }),
});

export const pricingContract = {
  operations: defineOperations({
    listPricingRules: {
      method: 'get',
      path: '/pricing/rules',
      query: directoryPageQuery,
      responses: {
        '200': pageInDataOf(
          z.strictObject({ rules: z.array(PricingRule), effectiveDefaults: z.array(PricingRuleDefault) }),
        ),
      },
    },
    createPricingRule: {
      method: 'post',
      path: '/pricing/rules',
      body: createPricingRuleBody,
      bodyRequired: true,
      responses: { '201': PricingRuleBody },
    },
    updatePricingRule: {
      method: 'put',
      path: '/pricing/rules/{id}',
      params: ruleIdParams,
      body: updatePricingRuleBody,
      bodyRequired: true,
      responses: { '200': PricingRuleBody },
    },
    deletePricingRule: {
      method: 'delete',
      path: '/pricing/rules/{id}',
      params: ruleIdParams,
      responses: {
        '200': dataOf(z.strictObject({ id: z.string().regex(/^prc_/), deleted: z.literal(true) })),
      },
    },
    getStaffPriceQuote: {
      method: 'get',
      path: '/pricing/admin/quote',
      query: staffQuoteQuery,
      responses: { '200': QuoteBody },
    },
    getStorefrontPriceQuote: {
      method: 'get',
      path: '/pricing/quote',
      query: storefrontQuoteQuery,
      responses: { '200': QuoteBody },
    },
  }),
  components: { PricedService, PricingRuleKind, Bps, PricingRule, PricingRuleDefault, Quote },
  responses: { PricingRule: PricingRuleBody, Quote: QuoteBody },
};
