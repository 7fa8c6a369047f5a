import { z } from 'zod';
import { httpUrl } from '../../http/http-url';
import { listBookingsQuery } from '../partner/booking-requests';

// Shapes and ranges only; the promotions service checks what needs the stored promotion (required fields
// after a merge, validUntil after validFrom, one of percentBps and amount, caps, limits) with the same paths.

const money = z
  .number()
  .int('must be a whole number of rupees')
  .min(1, 'must be above zero')
  .max(1_000_000_000);
const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const text = (max: number) => z.string().trim().min(1).max(max);
const service = z.enum(['all', 'flight', 'hotel', 'car']);
const worth = {
  service,
  percentBps: z
    .number()
    .int()
    .min(1, 'must be 1 to 10000 basis points')
    .max(10_000, 'must be 1 to 10000 basis points'),
  amount: money,
  maxDiscount: money,
  minAmount: z.number().int('must be a whole number of rupees').min(0).max(1_000_000_000),
};
const validity = { validFrom: instant, validUntil: instant, active: z.boolean() };

/** Create and update bodies of each kind (an update gives only the fields it changes). */
export const promotionBodies = {
  discount: z.strictObject({
    name: text(120),
    ...worth,
    ...validity,
    audience: z.enum(['b2c', 'tenants']),
  }),
  offer: z.strictObject({
    title: text(120),
    description: z.string().trim().max(2000),
    imageUrl: httpUrl(),
    code: z.string().regex(/^[A-Za-z0-9_-]{3,40}$/, 'must be 3 to 40 letters, digits, - or _'),
    ...validity,
    audience: z.enum(['b2c', 'tenants']),
  }),
  voucher: z.strictObject({
    code: z.string().regex(/^[A-Za-z0-9_-]{3,40}$/, 'must be 3 to 40 letters, digits, - or _'),
    ...worth,
    ...validity,
    audience: z.enum(['anyone', 'tenants', 'customers']),
    maxRedemptions: z.number().int().min(1).max(1_000_000),
    maxRedemptionsPerHolder: z.number().int().min(1).max(1_000_000),
  }),
};

export const allocateBody = z
  .strictObject({ tenantId: text(100).optional(), customerId: text(100).optional() })
  .refine((body) => (body.tenantId === undefined) !== (body.customerId === undefined), {
    message: 'give exactly one of tenantId and customerId',
    path: ['tenantId'],
  });

export const applyBody = z.strictObject({
  code: z.string().trim().min(1).max(40),
  service: z.enum(['flight', 'hotel', 'car']),
  amount: money,
});

export const pageQuery = listBookingsQuery;
