import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { createBookingBody } from '../common/booking-requests';
import { nonBlank } from '../common/params';
import {
  cancelBookingBody,
  dataOf,
  idempotencyKey,
  optionalIdempotencyKey,
  pageOf,
  pageQuery,
} from '../common/partner-contract/operations';

// The storefront booking routes' schemas (bookings.routes.ts validates with them); their words are in
// internal.texts.yaml.

const rupees = (min: number, description?: string) =>
  z
    .number()
    .int()
    .min(min)
    .meta(description ? { description } : {});

/**
 * The partner body without `reference`, with `useWallet` (the wallet pays what it can, the gateway the
 * rest) and `voucherCode` (redeemed by the booking, the customer as its holder).
 */
export const storefrontBookingBody = createBookingBody.omit({ reference: true }).extend({
  offerToken: createBookingBody.shape.offerToken.meta({
    description:
      'The `offerToken` of a storefront search (`POST /search/*`), unchanged, within 15 minutes (then ' +
      "`410 offer_expired`). A partner's token, or one no search issued, is `400 bad_request` on `offerToken`.",
  }),
  useWallet: z.boolean().default(false).meta({ description: 'The wallet pays what it can first.' }),
  voucherCode: nonBlank(40)
    .optional()
    .meta({ description: 'A voucher to redeem (any case); the customer is its holder.' }),
});

const bookingHeaders = z.object({
  'Idempotency-Key': idempotencyKey.meta({
    description: '8 to 100 visible ASCII characters (a UUID fits), scoped to the customer, kept 48 hours.',
    examples: ['3f0c2b1e-7d4a-4c55-9a61-0f1d2e3c4b5a'],
  }),
});

const bookingIdParams = z.object({
  id: z
    .string()
    .meta({ description: '`bkg_<n>`; anything else names no booking (`404`).', examples: ['bkg_1042'] }),
});

/** The card part's refund at the provider; null when there is none (nothing charged, or a simulated charge). */
export const CardRefundStatus = z.enum(['pending', 'succeeded', 'failed']).nullable();

/** The booking's payment as the storefront completes it (docs/decisions/billing.md "Storefront card payments"). */
const StorefrontPaymentState = z
  .strictObject({
    status: z.enum(['captured', 'pending', 'failed']).nullable().meta({
      description: 'Null before billing was asked; `pending` while the customer completes the card payment.',
    }),
    simulated: z
      .boolean()
      .meta({ description: 'The built-in simulated provider recorded it: no money moved.' }),
    provider: z
      .enum(['simulated', 'stripe'])
      .nullable()
      .meta({ description: 'Null when nothing was charged.' }),
    clientSecret: z.string().nullable().meta({
      description:
        'While `pending`: the Stripe PaymentIntent client secret the storefront confirms with Stripe.js.',
    }),
  })
  .meta({ description: 'Where the booking’s payment stands.' });

export const StorefrontBookingListItem = z.strictObject({
  id: z.string().regex(/^bkg_[0-9]+$/),
  pnr: z.string().regex(/^[A-Z2-9]{6}$/),
  type: z.enum(['flight', 'hotel', 'car']),
  route: z
    .string()
    .meta({ description: 'Flights `<from> → <to>`; hotels `<hotel>, <city>`; cars `<car>, <pickup>`.' }),
  date: z.string().meta({ format: 'date', description: 'Flight date, hotel check-in or car pick-up day.' }),
  status: z.enum(['Pending', 'Upcoming', 'Cancelled', 'Completed']).meta({
    description:
      '`Pending` while its card payment waits for the customer (`payment.clientSecret`); `Upcoming` once paid; `Cancelled` also when the card payment failed (`payment.status: failed`).',
  }),
  amount: rupees(0, "The offer's price (platform default margin), whole rupees."),
  discount: rupees(
    0,
    "The automatic discount plus the voucher's (`automaticDiscount.amount + voucher.amount`).",
  ),
  automaticDiscount: z
    .strictObject({ id: z.string().regex(/^dsc_/), name: z.string(), amount: rupees(1) })
    .nullable()
    .meta({ description: "The storefront's automatic discount the booking got; null when none applied." }),
  voucher: z
    .strictObject({ code: z.string(), amount: rupees(0) })
    .nullable()
    .meta({
      description:
        'The voucher the booking redeemed (`voucherCode`), worth `amount` on the price after the automatic discount; null when none.',
    }),
  walletPaid: rupees(0, 'Paid from the wallet.'),
  charged: rupees(
    0,
    'Charged through the default payment gateway; `amount − discount = walletPaid + charged`.',
  ),
  currency: z.literal('INR'),
  paymentId: z.string().meta({ description: '`pay_<n>`.' }),
  simulated: z.boolean().meta({
    description:
      'Booked from simulated supply (as the search said): it reached no supplier and its `pnr` is ours. Whether the payment moved money is `payment.simulated`.',
  }),
  payment: StorefrontPaymentState,
  refund: z
    .strictObject({
      id: z.string().meta({ description: '`rfd_<n>`.' }),
      amount: rupees(0),
      status: z.enum(['completed', 'not_refundable']),
      walletAmount: rupees(0, 'Of `amount`: credited to the wallet at once.'),
      cardAmount: rupees(0, 'Of `amount`: refunded to the card through the payment provider.'),
      cardStatus: CardRefundStatus,
    })
    .nullable()
    .meta({
      description:
        'Once cancelled, the refund (wallet part at once, card part through the provider); null before.',
    }),
  createdAt: z.iso.datetime(),
});

export const StorefrontBooking = StorefrontBookingListItem.extend({
  contact: z.strictObject({
    name: z.string(),
    email: z.string().meta({ format: 'email' }),
    phone: z.string().nullable(),
  }),
  travellers: z.array(z.strictObject({ firstName: z.string(), lastName: z.string() })),
}).meta({
  description: 'A storefront booking with whom to contact and who travels (create, single read, cancel).',
});

/** `{ data: StorefrontBooking }`: the named response `StorefrontBooking`. */
const StorefrontBookingBody = dataOf(StorefrontBooking);

export const storefrontBookingsContract = {
  operations: defineOperations({
    createStorefrontBooking: {
      method: 'post',
      path: '/bookings',
      headers: bookingHeaders,
      body: storefrontBookingBody,
      bodyRequired: true,
      responses: { '201': StorefrontBookingBody },
    },
    listStorefrontBookings: {
      method: 'get',
      path: '/bookings',
      query: pageQuery,
      responses: { '200': pageOf(StorefrontBookingListItem) },
    },
    getStorefrontBooking: {
      method: 'get',
      path: '/bookings/{id}',
      params: bookingIdParams,
      responses: { '200': StorefrontBookingBody },
    },
    cancelStorefrontBooking: {
      method: 'post',
      path: '/bookings/{id}/cancel',
      params: bookingIdParams,
      headers: z.object({ 'Idempotency-Key': optionalIdempotencyKey }),
      body: cancelBookingBody,
      responses: { '200': StorefrontBookingBody },
    },
  }),
  components: { StorefrontBookingListItem, StorefrontBooking },
  responses: { StorefrontBooking: StorefrontBookingBody },
};
