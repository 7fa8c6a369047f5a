import { SCOPES } from '@travel/api-keys';
import { WEBHOOK_EVENT_TYPES } from '@travel/webhook-rules';
import { z } from 'zod';
import { emailAddress } from '../../../http/email';
import { nonBlank } from '../params';
import { CancellationQuote, QuoteId } from './cancellation-quotes';
import { OfferJwk, OfferKeySet } from './offer-keys';
import { webhookEvents, webhookUrl } from './webhook-fields';

// The partner API's named schemas (`components.schemas` of partner.yaml, generated): each is the schema the
// gateway validates with or the schema its presenters' output is typed by, with the words and examples the
// document shows. `x-rule` marks a rule no schema can say (the fuzzer's hooks read it); the description
// says it in words.

const TIMESTAMP = /^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$/;
/** `YYYY-MM-DD HH:MM:SS` in UTC, as every partner timestamp reads. */
export const timestamp = (description: string) => z.string().regex(TIMESTAMP).meta({ description });

/** A whole number of rupees or of anything counted (no `maximum`: zod's safe-integer bound is implied). */
const count = (min: number, description?: string) =>
  z
    .number()
    .int()
    .min(min)
    .meta(description ? { description } : {});

export const Health = z.strictObject({
  status: z.literal('ok'),
  version: z.literal('v1'),
  time: z.string().meta({ format: 'date-time' }),
});

export const Scope = z.enum(SCOPES);

export const Me = z.strictObject({
  clientId: z.number().int().meta({ description: "The API client's id." }),
  client: z.string().meta({ description: 'The client (organisation) name.' }),
  tenantLinked: z
    .boolean()
    .meta({ description: 'Whether the client is linked to a tenant (needed for bookings and invoices).' }),
  environment: z
    .enum(['live', 'test'])
    .meta({ description: "The key's environment; a test key sees only test bookings (`livemode` false)." }),
  scopes: z.array(Scope).meta({ description: 'The scopes of the calling key.' }),
  spending: z
    .strictObject({
      dailyLimit: z
        .number()
        .int()
        .nullable()
        .meta({ description: 'Whole rupees per UTC day; null: no limit.' }),
      perBookingLimit: z
        .number()
        .int()
        .nullable()
        .meta({ description: 'Whole rupees per booking; null: no limit.' }),
      day: z.string().meta({ format: 'date', description: 'The UTC day counted, `YYYY-MM-DD`.' }),
      spentToday: z
        .number()
        .int()
        .min(0)
        .meta({ description: "Whole rupees the key's bookings reached today." }),
      remainingToday: z
        .number()
        .int()
        .min(0)
        .nullable()
        .meta({ description: 'What the key may still book today; null when it has no daily limit.' }),
      resetsAt: z.iso.datetime().meta({ description: 'When the day ends and `spentToday` starts from 0.' }),
    })
    .nullable()
    .meta({
      description:
        "The key's spending limits (set by the platform's or the tenant's administrators) and what its bookings\n" +
        'reached today; null when the key has no limits.\n',
    }),
});

export const PRICED_SERVICES = ['flight', 'hotel', 'car', 'insurance'] as const;
export const PricedService = z.enum(PRICED_SERVICES);

export const Place = nonBlank(80).meta({
  description:
    'An IATA airport code (`DEL`) or a city name (`Delhi`), in any case, trimmed; common aliases\n' +
    '(Bangalore, Bombay, Calcutta, ...) too. It must be a place the search knows (27 Indian and 12\n' +
    'international cities with their airports); another is `400 bad_request` on the field.\n',
  'x-rule': 'a place the search knows',
});

export const CABINS = ['economy', 'premium', 'business'] as const;
export const Cabin = z.enum(CABINS).default('economy');

export const IataCode = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .meta({ description: 'An IATA airport code.' });

export const Day = z.string().meta({ format: 'date', description: '`YYYY-MM-DD`.' });

export const ClockTime = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/)
  .meta({ description: '`HH:MM`, 24-hour.' });

export const OfferToken = z
  .string()
  .min(1)
  .meta({
    description:
      'Signed, and checkable offline (`ot2.<claims>.<proof>.<signature>`: "Offer tokens" at the top of\n' +
      'this document): pass it unchanged to `POST /bookings`. Valid for 15 minutes from the search (then\n' +
      'booking answers `410 offer_expired`), and only for the API client that searched, with a key of the\n' +
      'same environment. Every search issues new tokens, even for the same offer. A token the search did\n' +
      'not issue (the examples in this document included) is `400 bad_request` on `offerToken`.\n',
    'x-rule': 'a token a search issued',
  });

const priceFields = {
  baseAmount: count(0, "The supplier amount plus the tenant's margin."),
  tax: count(0, 'Tax on `baseAmount`.'),
  fee: count(0, 'Convenience fee on `baseAmount`.'),
  total: count(0, '`baseAmount + tax + fee`: what is charged.'),
  currency: z.literal('INR'),
};

export const Price = z.strictObject(priceFields).meta({
  description:
    "What the tenant is charged, in whole rupees. From the supplier amount (an offer's `subtotal`, or\n" +
    'the quoted `amount`), with rates in basis points (1 bps = 0.01 %) and every component rounded\n' +
    'half up to a whole rupee:\n\n' +
    '- `baseAmount = round(amount × (10000 + marginBps) / 10000)`\n' +
    '- `tax = round(baseAmount × taxBps / 10000)`\n' +
    '- `fee = round(baseAmount × feeBps / 10000)`\n' +
    '- `total = baseAmount + tax + fee`\n\n' +
    "The margin is the tenant's margin for that service, else the tenant's general margin, else the\n" +
    'platform default margin (500 bps unless the platform administrator changed it); a client not\n' +
    'linked to a tenant gets the platform default. It is folded into `baseAmount`, never shown apart.\n' +
    'Tax and fee are platform-wide per service, set by the platform administrator; by default flight\n' +
    '500 / 200 bps, hotel 1200 / 200, car 500 / 200, insurance 1800 / 0.\n',
  examples: [{ baseAmount: 10227, tax: 511, fee: 205, total: 10943, currency: 'INR' }],
});

export const Quote = z.strictObject({ service: PricedService, ...priceFields }).meta({
  description: 'A priced amount; the `Price` fields and the service priced.',
  examples: [{ service: 'flight', baseAmount: 1296, tax: 65, fee: 26, total: 1387, currency: 'INR' }],
});

export const FlightOffer = z.strictObject({
  airline: z.string(),
  flightNumber: z.string().meta({ description: 'Carrier code and number, e.g. `6E 2134`.' }),
  from: IataCode,
  to: IataCode,
  date: z
    .string()
    .meta({ format: 'date', description: '`departDate` in `onward`, `returnDate` in `return`.' }),
  departTime: ClockTime,
  arriveTime: ClockTime,
  duration: z
    .string()
    .regex(/^[0-9]+h [0-9]{1,2}m$/)
    .meta({ description: '`<h>h <m>m`, e.g. `2h 10m`.' }),
  stops: count(0),
  fareType: z.string().meta({ description: 'The fare family, e.g. `saver`, `flexi`, `corporate`.' }),
  refundable: z.boolean(),
  cabin: z.enum(CABINS),
  baggage: z
    .strictObject({ cabinKg: count(0), checkInKg: count(0) })
    .meta({ description: 'Allowance per adult; depends on the cabin.' }),
  pricePerAdult: count(1, 'Supplier price per adult.'),
  adults: z.number().int().min(1).max(9),
  subtotal: count(1, 'Supplier price for all adults: `pricePerAdult × adults`.'),
  currency: z.literal('INR'),
  offerToken: OfferToken,
  price: Price,
});

export const HotelResult = z.strictObject({
  id: z.string().regex(/^htl_/).meta({ description: '`htl_<id>`; a hotel keeps its id across searches.' }),
  name: z.string(),
  stars: z.number().int().min(1).max(5),
  area: z.string().meta({ description: 'The neighbourhood.' }),
  city: z.string(),
  rating: z.number().min(0).meta({ description: 'Guest rating, e.g. `4.3`.' }),
  amenities: z.array(z.string()),
  freeCancellation: z.boolean(),
  checkIn: Day,
  checkOut: Day,
  nights: count(1),
  rooms: z.number().int().min(1).max(5),
  guests: z.number().int().min(1).max(12),
  pricePerNight: count(1, 'Supplier price per room and night.'),
  subtotal: count(1, 'Supplier price for the stay: `pricePerNight × nights × rooms`.'),
  currency: z.literal('INR'),
  offerToken: OfferToken,
  price: Price,
});

export const CarResult = z.strictObject({
  name: z.string().meta({ description: 'The car model, e.g. `Maruti Suzuki Swift`.' }),
  type: z.string().meta({ description: 'The body type, e.g. `hatchback`, `sedan`, `SUV`, `MUV`.' }),
  transmission: z.string().meta({ description: 'E.g. `manual`, `automatic`.' }),
  seats: count(1),
  pickup: z.string().meta({
    description:
      'The pickup city (`Bengaluru`), or its airport (`Bengaluru Airport (BLR)`) when an IATA code was sent.',
  }),
  from: Day,
  until: Day,
  days: count(1, 'Days from `from` to `until`; a same-day rental counts one.'),
  pricePerDay: count(1, 'Supplier price per day.'),
  subtotal: count(1, 'Supplier price for the rental: `pricePerDay × days`.'),
  unlimitedKm: z.boolean(),
  currency: z.literal('INR'),
  offerToken: OfferToken,
  price: Price,
});

/** Trimmed, then not empty: the document adds `pattern: \S` so a generator does not send blanks. */
const personName = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max)
    .meta({ pattern: '\\S', description: 'Trimmed; not blank.' });

export const Traveller = z.strictObject({ firstName: personName(100), lastName: personName(100) });

/** The price the caller was shown: booking refuses another (`409 price_changed`, nothing booked). */
export const ExpectedPrice = z
  .strictObject({
    amount: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Whole units of `currency`: the `price.total` shown.' }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code')
      .meta({ description: 'ISO 4217, as shown (`INR`).', examples: ['INR'] }),
  })
  .meta({
    description:
      "The price you showed your traveller (the search's `price.total` and `price.currency`). When the\n" +
      'price to book differs (a pricing rule changed since the search), the booking is refused with\n' +
      '`409 price_changed`, the price now in `error.details`, and nothing is booked. Omitted: booked at\n' +
      'the price now, whatever it is.\n',
    'x-rule': 'the price to book is this one (409 price_changed)',
    examples: [{ amount: 10943, currency: 'INR' }],
  });

export const BookingRequest = z.strictObject({
  offerToken: z
    .string()
    .min(1, 'must not be empty')
    .max(4096)
    .meta({
      description:
        "An offer's `offerToken`, unchanged, from a search by this API client with a key of the same\n" +
        'environment; valid for 15 minutes from the search (then `410 offer_expired`). A token of another\n' +
        'client (of your tenant or another), of the other environment, altered, or that no search issued\n' +
        '(the examples in this document included) is `400 bad_request` on `offerToken` ("Offer tokens" at\n' +
        'the top of this document).\n',
      'x-rule': 'a token a search issued',
    }),
  contact: z
    .strictObject({
      name: personName(200),
      email: emailAddress('must be an email address'),
      phone: z.string().trim().max(40).optional(),
    })
    .meta({ description: 'Whom to contact about the booking.' }),
  travellers: z
    .array(Traveller)
    .max(9, 'at most 9 travellers')
    .optional()
    .meta({ description: 'Who travels; up to 9, each with a first and a last name (trimmed, not empty).' }),
  reference: z
    .string()
    .max(80)
    .optional()
    .meta({ description: 'Your own reference (an order or PO number), echoed on every read.' }),
  expectedPrice: ExpectedPrice.optional(),
});

export const BOOKING_STATUSES = ['Upcoming', 'Cancelled', 'Completed'] as const;
export const BookingStatus = z.enum(BOOKING_STATUSES).meta({
  description:
    '`Upcoming` when made; `Cancelled` by `POST /bookings/{id}/cancel` (only from `Upcoming`);\n' +
    '`Completed` once its travel `date` has passed.\n',
});

const bookingListFields = {
  id: z
    .string()
    .regex(/^bkg_[0-9]+$/)
    .meta({ description: '`bkg_<n>`; `n` grows with every booking.' }),
  pnr: z
    .string()
    .regex(/^[A-Z0-9]{6}$/)
    .meta({ description: 'The six-character booking reference, unique; to quote to the traveller.' }),
  type: z.enum(['flight', 'hotel', 'car']),
  route: z.string().meta({
    description:
      'Flights `<from> → <to>` (`DEL → BOM`); hotels `<hotel name>, <city>`; cars `<car name>, <pickup>`.',
  }),
  date: z.string().meta({
    format: 'date',
    description: "`YYYY-MM-DD`: the flight's date, the hotel check-in, the car pick-up day.",
  }),
  status: BookingStatus,
  amount: count(
    0,
    'Total charged to the tenant in INR (base + tax + fee), priced again by the server at booking.',
  ),
  currency: z.literal('INR'),
  reference: z
    .string()
    .nullable()
    .meta({ description: 'The `reference` sent when booking; null when none was sent.' }),
  livemode: z
    .boolean()
    .meta({ description: '`true` for a booking made with a live key, `false` with a test key.' }),
  simulated: z.boolean().meta({
    description:
      '`true` for a booking made from simulated supply (its offer said so, as the search answer did): it\n' +
      "reached no supplier and its `pnr` is ours, not an airline's, hotel's or car company's.",
  }),
  createdAt: timestamp('When it was booked, `YYYY-MM-DD HH:MM:SS` in UTC.'),
};

export const BookingListItem = z
  .strictObject(bookingListFields)
  .meta({ description: 'A booking as a list shows it (without `contact` and `travellers`).' });

export const Booking = z
  .strictObject({
    ...bookingListFields,
    contact: z.strictObject({
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable().meta({ description: 'Null when none was sent.' }),
    }),
    travellers: z.array(Traveller),
  })
  .meta({ description: 'A booking as its creation, the single read and the cancel show it.' });

export { WEBHOOK_EVENT_TYPES };
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);

/** An event's `data`, as webhook deliveries and the events feed carry it: its fields depend on its type. */
export const WebhookEventData = z
  .looseObject({
    simulated: z
      .boolean()
      .optional()
      .meta({
        description:
          'Booking events only: `true` when the booking was made from simulated supply (the booking\n' +
          "resource's `simulated`): it reached no supplier.",
      }),
  })
  .meta({
    description:
      '`booking.created` and `booking.cancelled`: `id`, `pnr`, `type`, `status`, `amount`, `currency`,\n' +
      '`reference`, `simulated`; `invoice.paid`: `id`, `number`, `amount`, `paidAmount`, `status`,\n' +
      '`dueDate` (`05 Dec 2026`).',
  });

/** Every rule the request decides is checked here; where the host resolves is the webhook service's (same envelope). */
export const WebhookRequest = z.strictObject({
  url: webhookUrl('Where deliveries are sent.'),
  events: webhookEvents('Types to receive; empty or absent means all.').optional(),
});

const ENDPOINT_ID = /^whk_[1-9][0-9]*$/;

export const WebhookEndpoint = z.looseObject({
  id: z.string().regex(ENDPOINT_ID),
  url: z.string(),
  events: z.array(WebhookEventType),
  status: z.enum(['active', 'disabled']),
  createdAt: z.string().regex(TIMESTAMP),
  enabled: z
    .boolean()
    .meta({ description: 'False once disabled (`status: disabled`); no event is delivered then.' }),
  disabledReason: z
    .string()
    .nullable()
    .meta({ description: 'Why it was disabled, e.g. every delivery failed for 5 days; null while enabled.' }),
  disabledAt: z
    .string()
    .regex(TIMESTAMP)
    .nullable()
    .meta({ description: 'When it was disabled; null while enabled.' }),
});

export const WebhookEvent = z
  .looseObject({
    id: z.string().regex(/^evt_/).meta({ description: 'De-duplicate on it.' }),
    type: WebhookEventType,
    created: z.string().meta({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds.' }),
    livemode: z.boolean(),
    sequence: z
      .number()
      .int()
      .min(1)
      .optional()
      .meta({ description: "The event's `sequence` in the receiving client's events feed (`GET /events`)." }),
    data: WebhookEventData,
  })
  .meta({
    description:
      'The body of a webhook delivery (not an API response). `data` of `booking.created` and\n' +
      '`booking.cancelled`: `id`, `pnr`, `type`, `status`, `amount`, `currency`, `reference`,\n' +
      '`simulated`; of `invoice.paid`: `id`, `number`, `amount`, `paidAmount`, `status`, `dueDate`\n' +
      '(`05 Dec 2026`).\n',
    examples: [
      {
        id: 'evt_k3J9x0QmT2vR8aLp5sWd',
        type: 'booking.created',
        created: '2026-11-21T10:00:00.123Z',
        livemode: true,
        sequence: 42,
        data: {
          id: 'bkg_1042',
          pnr: 'K7Q2ZP',
          type: 'flight',
          status: 'Upcoming',
          amount: 10943,
          currency: 'INR',
          reference: 'PO-2026-1042',
          simulated: true,
        },
      },
    ],
  });

export const INVOICE_STATUSES = ['sent', 'paid', 'cancelled'] as const;
export const InvoiceStatus = z.enum(INVOICE_STATUSES).meta({
  description:
    '`sent` when issued to the tenant; `paid` once its payments add up to its amount (the event\n' +
    '`invoice.paid` is sent then, once); `cancelled` when the platform withdrew it. Drafts are never shown.\n',
});

export const Payment = z.strictObject({
  amount: count(1, 'Amount received in INR.'),
  method: z.string().meta({ description: 'How it was paid, e.g. `bank_transfer`, `upi`, `cheque`.' }),
  reference: z.string().nullable().meta({ description: "The payer's or bank's reference; null when none." }),
  receivedAt: timestamp('When it was received, `YYYY-MM-DD HH:MM:SS` in UTC.'),
});

export const Invoice = z.strictObject({
  id: z
    .string()
    .regex(/^inv_[0-9]+$/)
    .meta({ description: '`inv_<n>`; `n` grows with every invoice.' }),
  number: z.string().meta({ description: 'The invoice number, unique, e.g. `INV-2026-000042`.' }),
  amount: z
    .number()
    .int()
    .meta({
      description:
        "Amount billed in INR: the tenant's live bookings since its previous invoice (a cancelled\n" +
        'booking counts as a reversal), or an amount the platform set.\n',
    }),
  paidAmount: count(0, 'Sum of its payments; never above `amount`.'),
  status: InvoiceStatus,
  dueDate: z
    .string()
    .regex(/^[0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4}$/)
    .meta({
      description: 'The day payment is due, `<day> <month abbreviation> <year>`, e.g. `05 Dec 2026`.',
    }),
  createdAt: timestamp('When it was made, `YYYY-MM-DD HH:MM:SS` in UTC.'),
  payments: z.array(Payment).meta({ description: 'Oldest first.' }),
});

export const FieldProblem = z.strictObject({
  path: z.string().meta({ description: 'Dotted path of the failing field, e.g. `contact.email`.' }),
  message: z.string(),
});

export const ERROR_CODES = [
  'bad_request',
  'idempotency_key_required',
  'unauthorized',
  'forbidden',
  'insufficient_scope',
  'scope_disabled',
  'client_not_linked',
  'spending_limit_exceeded',
  'not_found',
  'method_not_allowed',
  'conflict',
  'idempotency_key_in_use',
  'price_changed',
  'offer_expired',
  'quote_invalid',
  'quote_expired',
  'refund_changed',
  'payload_too_large',
  'idempotency_key_reuse',
  'rate_limited',
  'internal_error',
  'api_disabled',
  'service_unavailable',
] as const;
export type PartnerErrorCode = (typeof ERROR_CODES)[number];

const inr = (description: string) => z.number().int().meta({ description });
const inrOrNull = (description: string) => z.number().int().nullable().meta({ description });

export const SpendingLimitRefusal = z
  .strictObject({
    limit: z.enum(['daily', 'per_booking']).meta({ description: 'Which limit refused the booking.' }),
    amount: inr("The booking's total, whole rupees."),
    remaining: inrOrNull(
      'Whole rupees the key may still book today (UTC); null when the key has no daily limit.',
    ),
    dailyLimit: inrOrNull("The key's daily limit; null: none."),
    perBookingLimit: inrOrNull("The key's per-booking limit; null: none."),
    resetsAt: z.iso.datetime().meta({ description: 'When the day ends (the next UTC midnight).' }),
  })
  .meta({
    description:
      '`details` of `spending_limit_exceeded`: the refused amount and what the key may still book.',
    examples: [
      {
        limit: 'daily',
        amount: 10943,
        remaining: 4200,
        dailyLimit: 50000,
        perBookingLimit: null,
        resetsAt: '2026-11-27T00:00:00.000Z',
      },
    ],
  });

export const IdempotencyKeyInUse = z
  .strictObject({
    retryAfterSeconds: z.number().int().min(1).meta({ description: 'As the `Retry-After` header says.' }),
  })
  .meta({
    description:
      '`details` of `idempotency_key_in_use`: the first request with this key is still running; retry with the\n' +
      'same key and body after this many seconds (at most the lease, a few seconds).\n',
    examples: [{ retryAfterSeconds: 2 }],
  });

export const PriceChanged = z
  .strictObject({
    amount: z.number().int().meta({ description: 'The price to book now, whole units of `currency`.' }),
    currency: z.string().meta({ description: "The price's currency (`INR`)." }),
    expectedAmount: z.number().int().meta({ description: 'The `expectedPrice.amount` sent.' }),
    expectedCurrency: z.string().meta({ description: 'The `expectedPrice.currency` sent.' }),
  })
  .meta({
    description: '`details` of `price_changed`: the price now and the one expected; nothing was booked.',
    examples: [{ amount: 11200, currency: 'INR', expectedAmount: 10943, expectedCurrency: 'INR' }],
  });

export const ErrorEnvelope = z.strictObject({
  error: z.strictObject({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    requestId: z.string(),
    details: z
      .union([z.array(FieldProblem), SpendingLimitRefusal, IdempotencyKeyInUse, PriceChanged])
      .nullable()
      .meta({
        description:
          '`{ path, message }` per failing field on `bad_request`; the refusal (`SpendingLimitRefusal`) on\n' +
          '`spending_limit_exceeded`; `IdempotencyKeyInUse` on `idempotency_key_in_use`; `PriceChanged` on\n' +
          '`price_changed`; otherwise null.\n',
      }),
  }),
});

/** `components.schemas` of the partner document: every schema above, by the name it is referred to. */
export const partnerComponents: Record<string, z.ZodType> = {
  Health,
  Scope,
  Me,
  PricedService,
  Place,
  Cabin,
  IataCode,
  Day,
  ClockTime,
  OfferToken,
  Price,
  Quote,
  FlightOffer,
  HotelResult,
  CarResult,
  ExpectedPrice,
  BookingRequest,
  Traveller,
  BookingStatus,
  BookingListItem,
  Booking,
  WebhookEventType,
  WebhookRequest,
  WebhookEndpoint,
  WebhookEventData,
  WebhookEvent,
  InvoiceStatus,
  Payment,
  Invoice,
  FieldProblem,
  SpendingLimitRefusal,
  IdempotencyKeyInUse,
  PriceChanged,
  ErrorEnvelope,
  CancellationQuote,
  QuoteId,
  OfferJwk,
  OfferKeySet,
};
