import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { createBookingBody } from '../common/booking-requests';
import { isoDay, nonBlank } from '../common/params';
import {
  CancellationQuote,
  cancellationQuoteBody,
  QuoteId,
} from '../common/partner-contract/cancellation-quotes';
import {
  dataOf,
  idempotencyKey,
  optionalIdempotencyKey,
  pageOf,
} from '../common/partner-contract/operations';

// The admin booking routes' schemas (admin-bookings.routes.ts validates with them); words in
// internal.texts.yaml.

const BookedService = z.enum(['flight', 'hotel', 'car']);
const BookingStatus = z.enum(['Upcoming', 'Cancelled', 'Completed']);
const day = (description: string) => isoDay.meta({ format: 'date', description });

export const listAdminBookingsQuery = z.strictObject({
  tenantId: nonBlank(100).optional().meta({
    description: 'Platform staff only (tenant staff may name their own); a tenant id or `storefront`.',
  }),
  status: BookingStatus.optional(),
  type: BookedService.optional(),
  livemode: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .meta({ description: 'Only live (`true`) or test (`false`) bookings.' }),
  dateFrom: day('Travel date from (inclusive).').optional(),
  dateTo: day('Travel date to (inclusive).').optional(),
  createdFrom: day('Booked on or after this UTC day.').optional(),
  createdTo: day('Booked on or before this UTC day.').optional(),
  // Its own `limit` and `cursor`, not `pageQuery`'s: this list has always coerced `limit` (`1e1` is 10).
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(25)
    .meta({ description: 'Page size, 1 to 100 (default 25); outside that range is `400 bad_request`.' }),
  cursor: z.string().min(1).max(200).optional().meta({
    description: '`nextCursor` of the previous page, unchanged. An invalid cursor is `400 bad_request`.',
    'x-rule': 'a nextCursor this list returned',
  }),
});

/**
 * A tenant's booking (`tenantId`: the platform names it, tenant staff their own) or a storefront customer's
 * (`customerId` with `payment`, platform staff): one or the other.
 */
export const createOfflineBookingBody = createBookingBody
  .extend({
    // The partner's words about the token speak of a partner's search; the operation's description says whose.
    offerToken: createBookingBody.shape.offerToken.meta({ description: undefined }),
    tenantId: nonBlank(100).optional().meta({
      description: 'The tenant booked for; absent with `customerId`.',
      'x-rule':
        'required when platform staff book for a tenant (absent with `customerId`); an existing tenant',
    }),
    customerId: nonBlank(40).optional().meta({
      description: '`cus_<n>`: book for this storefront customer instead of a tenant (platform staff).',
      'x-rule': 'an existing storefront customer; platform staff only',
    }),
    payment: z.enum(['wallet']).optional().meta({
      description:
        "Required with `customerId` (and only then): `wallet` pays the whole total from the customer's wallet.",
    }),
    voucherCode: nonBlank(40).optional().meta({
      description:
        "A tenant's booking only: a voucher code (any case, trimmed) redeemed by the booking with the tenant as holder.",
      'x-rule':
        "a voucher the tenant may use now, with a redemption left (404/409 otherwise); a tenant's booking only; right `bookings`",
    }),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.customerId === undefined) {
      if (body.payment !== undefined)
        issue('payment', "is for a customer's booking (a tenant's is invoiced to the tenant)");
      return;
    }
    if (body.tenantId !== undefined) issue('tenantId', 'must be absent with customerId');
    if (body.payment === undefined) issue('payment', 'is required with customerId');
    if (body.voucherCode !== undefined) issue('voucherCode', "is for a tenant's booking");
  })
  // What the refinement checks, as JSON Schema says it.
  .meta({
    dependentRequired: { customerId: ['payment'], payment: ['customerId'] },
    dependentSchemas: {
      customerId: { not: { anyOf: [{ required: ['tenantId'] }, { required: ['voucherCode'] }] } },
    },
  });

export const assignSupplierBody = z.strictObject({
  bookingIds: z
    .array(z.string().min(1).max(40).meta({ description: 'A booking id.' }))
    .min(1)
    .max(100),
  supplierId: nonBlank(100),
});

export const AdminBooking = z.strictObject({
  id: z.string(),
  pnr: z.string(),
  type: BookedService,
  route: z.string(),
  date: z.string().meta({ format: 'date', description: 'Flight date, hotel check-in, car pick-up day.' }),
  status: BookingStatus,
  amount: z.number().int().meta({ description: 'Whole rupees.' }),
  currency: z.literal('INR'),
  reference: z.string().nullable(),
  livemode: z.boolean(),
  simulated: z.boolean().meta({
    description:
      'Made from simulated supply (its offer said so): it reached no supplier and its `pnr` is ours.',
  }),
  createdAt: z.iso.datetime(),
  channel: z.enum(['partner', 'offline', 'storefront']).meta({
    description:
      "Booked by a tenant's API key, by staff (for a tenant, or for a storefront customer, who then owns it), or by a storefront customer.",
  }),
  tenantId: z.string().nullable().meta({ description: 'Null for a storefront booking.' }),
  clientId: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'The API client that booked (partner bookings).' }),
  customerId: z.string().nullable().meta({ description: 'The storefront customer who owns it.' }),
  supplierId: z.string().nullable().meta({ description: 'The supplier assigned to fulfil it.' }),
  discount: z
    .strictObject({
      code: z.string().nullable(),
      amount: z.number().int().min(1),
      total: z.number().int().min(0),
    })
    .nullable()
    .meta({
      description:
        'Null when nothing was taken off `amount`. Otherwise what was: `amount` (whole rupees) and `total`\n' +
        "(`amount − discount.amount`: what the tenant is invoiced for a tenant's booking, what the\n" +
        'customer paid for a storefront one); `code` is the voucher redeemed, null when only the\n' +
        "storefront's automatic discount applied.\n",
    }),
});

export const AdminBookingWithPeople = AdminBooking.extend({
  contact: z.strictObject({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  travellers: z.array(z.strictObject({ firstName: z.string(), lastName: z.string() })),
}).meta({
  description:
    'An admin booking as its creation and its cancel answer it, with whom to contact and who travels.',
});

const BookingWithPeopleBody = dataOf(AdminBookingWithPeople);

/** `{}` for an offline booking; an API client's booking of the tenant needs the quote it is cancelled at. */
export const adminCancelBookingBody = z.strictObject({ quoteId: QuoteId.optional() });

const bookingIdParams = z.object({
  id: z.string().meta({
    description: '`bkg_<n>`; anything else names no booking (`404`).',
    examples: ['bkg_1042'],
  }),
});

export const adminBookingsContract = {
  operations: defineOperations({
    listAdminBookings: {
      method: 'get',
      path: '/admin/bookings',
      query: listAdminBookingsQuery,
      responses: { '200': pageOf(AdminBooking) },
    },
    createOfflineBooking: {
      method: 'post',
      path: '/admin/bookings',
      headers: z.object({
        'Idempotency-Key': idempotencyKey.meta({
          description: '8 to 100 visible ASCII characters, e.g. a UUID.',
        }),
      }),
      body: createOfflineBookingBody,
      bodyRequired: true,
      responses: { '201': BookingWithPeopleBody },
    },
    cancelOfflineBooking: {
      method: 'post',
      path: '/admin/bookings/{id}/cancel',
      params: bookingIdParams,
      headers: z.object({ 'Idempotency-Key': optionalIdempotencyKey }),
      body: adminCancelBookingBody,
      responses: { '200': BookingWithPeopleBody },
    },
    getAdminBooking: {
      method: 'get',
      path: '/admin/bookings/{id}',
      params: bookingIdParams,
      responses: { '200': BookingWithPeopleBody },
    },
    quoteAdminCancellation: {
      method: 'post',
      path: '/admin/bookings/{id}/cancellation-quote',
      params: bookingIdParams,
      body: cancellationQuoteBody,
      responses: { '200': dataOf(CancellationQuote) },
    },
    assignSupplier: {
      method: 'put',
      path: '/admin/bookings/assign-supplier',
      body: assignSupplierBody,
      bodyRequired: true,
      responses: {
        '200': dataOf(
          z.strictObject({
            supplierId: z.string(),
            assigned: z.array(AdminBooking),
            skipped: z.array(
              z.strictObject({ id: z.string(), reason: z.enum(['not_found', 'not_upcoming']) }),
            ),
          }),
        ),
      },
    },
  }),
  components: { AdminBooking, AdminBookingWithPeople },
};
