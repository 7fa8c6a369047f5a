import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { isoDay } from '../admin/params';
import { listBookingsQuery as pageQuery } from '../partner/booking-requests';

/** Request shapes of the corporate directory (`/api/admin/{cost-centers,approvers,policies,employees,contracts}`). */

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
const id = text(100);
/** Platform staff name the tenant a record belongs to; tenant staff may leave it out (their own). */
const tenantId = id.optional();
const amount = z.number().int().min(0).max(100_000_000);
const email = emailAddress();
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const SERVICES = ['flight', 'hotel', 'car'] as const;
const CABINS = ['economy', 'premium_economy', 'business', 'first'] as const;
const somethingToChange = (body: object) => Object.keys(body).length > 0;
const nothingToChange = { message: 'name at least one field to change' };

const list = pageQuery.extend({ tenantId: id.optional(), q: text(100).optional() }).strict();

const costCenterFields = {
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, 'must be 1-32 letters, digits, ".", "_" or "-"'),
  name: text(120),
};
export const costCenterRequests = {
  list,
  create: z.strictObject({
    tenantId,
    ...costCenterFields,
    description: z.string().trim().max(500).optional(),
  }),
  update: z
    .strictObject({ ...costCenterFields, description: optionalText(500) })
    .partial()
    .refine(somethingToChange, nothingToChange),
};

export const approverRequests = {
  list,
  create: z.strictObject({ tenantId, name: text(120), email, approvalLimit: amount.min(1).optional() }),
  update: z
    .strictObject({ name: text(120), email, approvalLimit: amount.min(1).nullable() })
    .partial()
    .refine(somethingToChange, nothingToChange),
};

const limits = { maxAmount: amount, approvalThreshold: amount };
const flightRule = z.strictObject({ ...limits, allowedCabins: z.array(z.enum(CABINS)).min(1).max(4) });
const stayRule = z.strictObject(limits);

export const policyRequests = {
  list,
  create: z.strictObject({
    tenantId,
    name: text(120),
    description: z.string().trim().max(500).optional(),
    flight: flightRule,
    hotel: stayRule,
    car: stayRule,
  }),
  update: z
    .strictObject({
      name: text(120),
      description: optionalText(500),
      flight: flightRule,
      hotel: stayRule,
      car: stayRule,
    })
    .partial()
    .refine(somethingToChange, nothingToChange),
};

const status = z.enum(['active', 'inactive']);
export const employeeRequests = {
  list: list.extend({
    costCenterId: id.optional(),
    approverId: id.optional(),
    policyId: id.optional(),
    status: status.optional(),
  }),
  create: z.strictObject({
    tenantId,
    name: text(120),
    email,
    employeeCode: z.string().trim().min(1).max(40).optional(),
    costCenterId: id,
    approverId: id,
    policyId: id.optional(),
    status: status.optional(),
  }),
  update: z
    .strictObject({
      name: text(120),
      email,
      employeeCode: optionalText(40),
      costCenterId: id,
      approverId: id,
      policyId: id.nullable(),
      status,
    })
    .partial()
    .refine(somethingToChange, nothingToChange),
};

const contractFields = {
  supplierId: id,
  service: z.enum(SERVICES),
  discountBps: z.number().int().min(1).max(10_000),
  validFrom: isoDay,
  validUntil: isoDay,
};
export const contractRequests = {
  list: pageQuery
    .extend({
      tenantId: id.optional(),
      supplierId: id.optional(),
      service: z.enum(SERVICES).optional(),
      activeOn: isoDay.optional(),
    })
    .strict(),
  create: z
    .strictObject({ tenantId, ...contractFields, reference: z.string().trim().min(1).max(80).optional() })
    .refine((c) => c.validFrom < c.validUntil, { path: ['validUntil'], message: 'must be after validFrom' }),
  update: z
    .strictObject({ ...contractFields, reference: optionalText(80) })
    .partial()
    .refine(somethingToChange, nothingToChange)
    .refine((c) => !c.validFrom || !c.validUntil || c.validFrom < c.validUntil, {
      path: ['validUntil'],
      message: 'must be after validFrom',
    }),
};
