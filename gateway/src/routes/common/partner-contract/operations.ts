import { z } from 'zod';
import { defineOperations } from '../../../openapi/contract';
import { documentedAs } from '../../../openapi/documented-as';
import { dayFromToday } from '../calendar-rules';
import { isoDay } from '../params';
import { quoteQuery } from '../quote';
import { CancellationQuote, cancellationQuoteBody, partnerCancelBookingBody } from './cancellation-quotes';
import {
  Booking,
  BookingListItem,
  BookingRequest,
  Cabin,
  CarResult,
  FlightOffer,
  Health,
  HotelResult,
  Invoice,
  Me,
  Place,
  Quote,
  WebhookEndpoint,
  WebhookRequest,
} from './components';
import { Event, eventFilters, eventIdParams } from './events';
import { OfferKeySet } from './offer-keys';
import {
  recoveredWebhookDeliveries,
  recoverWebhookBody,
  rotatedWebhookSecret,
  rotateWebhookSecretBody,
} from './webhook-lifecycle';
import {
  deliveryFilters,
  deliveryId,
  emptyBody,
  WebhookDelivery,
  WebhookPing,
  WebhookRedelivery,
  WebhookUpdate,
} from './webhook-operations';

// The partner API's operations (`/api/v1`, partner.yaml): for each, the schemas of its input (validated
// by the route with exactly these objects) and of its success bodies (the presenters' output types). The
// words around them (summary, description, error responses, links) are in gateway/openapi/partner.texts.yaml.

/** `{ data }`: every single-object success body. */
export const dataOf = <S extends z.ZodType>(schema: S) => z.strictObject({ data: schema });

/** `{ data, hasMore, nextCursor }`: one page of a list. */
export const pageOf = <S extends z.ZodType>(item: S) =>
  z.strictObject({
    data: z.array(item),
    hasMore: z.boolean().meta({ description: 'Whether there is a next page.' }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
  });

/** A search answer's word on its supply (docs/decisions/sandbox.md, "Simulation is never silent"). */
export const searchSimulated = z.boolean().meta({
  description:
    '`true` when the offers came from simulated supply: no supplier is connected (today every answer says `true`),\n' +
    'and a booking made from one of them reaches no supplier and says `simulated: true` too.',
});

/**
 * A search date: a real day `YYYY-MM-DD` is checked here, beside every other field, and so is today or later
 * (its order with the other date: `search-date-order.ts`); the search service checks all again.
 */
const day = (description: string, rule: string) =>
  (rule === 'today or later' ? dayFromToday('must not be in the past') : isoDay).meta({
    format: 'date',
    description,
    'x-rule': rule,
  });

export const flightSearchBody = z.strictObject({
  from: Place,
  to: Place,
  departDate: day('`YYYY-MM-DD`, today or later.', 'today or later'),
  returnDate: day(
    '`YYYY-MM-DD`, not before `departDate`; makes it a round trip.',
    'not before departDate',
  ).optional(),
  adults: z.number().int().min(1).max(9).default(1),
  cabin: Cabin,
});

export const hotelSearchBody = z.strictObject({
  city: Place,
  checkIn: day('`YYYY-MM-DD`, today or later.', 'today or later'),
  checkOut: day('`YYYY-MM-DD`, after `checkIn`.', 'after checkIn'),
  rooms: z.number().int().min(1).max(5).default(1),
  guests: z.number().int().min(1).max(12).default(2),
});

export const carSearchBody = z.strictObject({
  pickup: Place,
  from: day('`YYYY-MM-DD`, today or later.', 'today or later'),
  until: day('`YYYY-MM-DD`, not before `from`.', 'not before from'),
  driverAge: z.number().int().min(18).max(99).default(30),
});

export const flightSearchResult = z.strictObject({
  simulated: searchSimulated,
  onward: z.array(FlightOffer).meta({ description: 'Offers from `from` to `to` on `departDate`.' }),
  return: z
    .array(FlightOffer)
    .optional()
    .meta({ description: 'Only when `returnDate` was sent; offers from `to` to `from` on `returnDate`.' }),
});

export const hotelSearchResult = z.strictObject({
  simulated: searchSimulated,
  nights: z.number().int().min(1).meta({ description: 'Nights from `checkIn` to `checkOut`.' }),
  results: z.array(HotelResult),
});

export const carSearchResult = z.strictObject({
  simulated: searchSimulated,
  days: z
    .number()
    .int()
    .min(1)
    .meta({ description: 'Days from `from` to `until`; a same-day rental counts one.' }),
  results: z.array(CarResult),
});

const PAGE_LIMIT = 'must be an integer from 1 to 100';

/** `limit` of a paged list: 1 to 100, `defaultLimit` when absent (25; the internal directory lists 100). */
export const pageLimit = (defaultLimit: number, description = 'Items per page.') =>
  documentedAs(
    z
      .string()
      .regex(/^[0-9]{1,3}$/, PAGE_LIMIT)
      .transform(Number)
      .pipe(z.number().min(1, PAGE_LIMIT).max(100, PAGE_LIMIT))
      .default(defaultLimit),
    {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: defaultLimit,
      description,
      examples: [defaultLimit],
    },
  );

/** `limit` and `cursor` of every paged list (also the internal lists', which import it). */
export const pageQuery = z.object({
  limit: pageLimit(25),
  cursor: z
    .string()
    .min(1, 'must not be empty')
    .max(200)
    .optional()
    .meta({
      description:
        'The `nextCursor` of the previous page, unchanged. Absent for the first page. A cursor this list\n' +
        'did not return is `400 bad_request` on `cursor`.\n',
      'x-rule': 'a nextCursor this list returned',
    }),
});

/** 8 to 100 visible ASCII characters: a UUID fits, and so does any key a client library generates. */
export const idempotencyKey = z
  .string()
  .regex(/^[!-~]{8,100}$/)
  .meta({
    description:
      '8 to 100 visible ASCII characters (`!` to `~`), one per booking attempt; remembered 48 hours per client.',
    examples: ['5f0c6e1e-7a4b-4f8e-9a51-2b8d9c3f1a77'],
    'x-rule': 'not used before with another body (422 idempotency_key_reuse)',
    'x-rule-error': 'idempotency_key_reuse',
  });

/**
 * An optional `Idempotency-Key` of a state change (cancellations): with it, a retry of a change that landed
 * answers the first `200` again (`Idempotent-Replayed: true`); without it, the change runs as sent.
 */
export const optionalIdempotencyKey = idempotencyKey.optional().meta({
  description:
    'Optional. 8 to 100 visible ASCII characters, remembered 48 hours: a retry with the same key and body\n' +
    'answers the first request again (`Idempotent-Replayed: true`); another body is `422\n' +
    'idempotency_key_reuse`; while the first still runs, `409 idempotency_key_in_use` with `Retry-After`.\n',
  examples: ['8c2d7e4a-1f3b-4c9d-a5e6-7b8c9d0e1f2a'],
});

/** `{id}` of a path: an id of another form names nothing, so the route answers `404` without a service call. */
const idParams = (pattern: RegExp, description: string, example: string) =>
  z.object({
    id: z
      .string()
      .regex(pattern)
      .meta({ description: `${description} Any other form is \`404 not_found\`.`, examples: [example] }),
  });

/** `bkg_<n>`, within the integers a service can hold exactly. */
export const bookingIdParams = idParams(
  /^bkg_[0-9]{1,15}$/,
  '`bkg_<n>`, as returned when the booking was made.',
  'bkg_1042',
);

/** `inv_<n>`, within the integers a service holds exactly. */
export const invoiceIdParams = idParams(/^inv_[0-9]{1,15}$/, '`inv_<n>`, as a list returned it.', 'inv_42');

/** `whk_<n>`. */
export const webhookIdParams = idParams(/^whk_[1-9][0-9]{0,15}$/, "The endpoint's id, `whk_<n>`.", 'whk_12');

/** `POST /bookings/{id}/cancel` takes no body; an empty one or `{}` is fine. */
export const cancelBookingBody = z.strictObject({});

export const partnerQuoteQuery = z.object({
  service: quoteQuery.shape.service.meta({
    description: 'What is priced; tax and fee rates differ per service.',
    examples: ['flight'],
  }),
  amount: quoteQuery.shape.amount.meta({
    description:
      'The supplier amount in INR, greater than 0, with at most two decimals (paise) and at most 12\n' +
      'digits before the point, e.g. `1234.5`. The results are whole rupees.\n',
    examples: ['1234.5'],
  }),
});

export const registeredWebhook = WebhookEndpoint.extend({
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]{32}$/)
    .meta({ description: 'The signing secret; returned only in this response.' }),
});

export const deletedWebhook = z.strictObject({
  id: z.string().regex(/^whk_[1-9][0-9]*$/),
  deleted: z.literal(true),
});

/** `GET /events`: a page of the feed, newest first or (with `after`) oldest first. */
export const eventsQuery = pageQuery.extend(eventFilters);
/** `GET /webhooks/{id}/deliveries`: a page, narrowed by status and event type. */
export const webhookDeliveriesQuery = pageQuery.extend(deliveryFilters);

/** `{id}` and `{deliveryId}` of a delivery of an endpoint. */
export const webhookDeliveryParams = webhookIdParams.extend({ deliveryId });

/** A redelivery's key: the same form as a booking's, one per redelivery meant. */
export const redeliveryKey = idempotencyKey.meta({
  description:
    '8 to 100 visible ASCII characters (`!` to `~`), one per redelivery; remembered 48 hours per client.',
  examples: ['5f0c6e1e-7a4b-4f8e-9a51-2b8d9c3f1a77'],
  'x-rule': 'not used before for another delivery (422 idempotency_key_reuse)',
  'x-rule-error': 'idempotency_key_reuse',
});

/** Every operation of the partner document, by `operationId`. */
export const partnerOperations = defineOperations({
  getHealth: { method: 'get', path: '/health', responses: { '200': Health } },
  getOpenApiDocument: {
    method: 'get',
    path: '/openapi.json',
    responses: {
      '200': z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
    },
  },
  getDocs: { method: 'get', path: '/docs', responses: { '200': { media: 'text/html', schema: z.string() } } },
  getMe: { method: 'get', path: '/me', responses: { '200': dataOf(Me) } },
  getPriceQuote: {
    method: 'get',
    path: '/pricing/quote',
    query: partnerQuoteQuery,
    responses: { '200': dataOf(Quote) },
  },
  searchFlights: {
    method: 'post',
    path: '/search/flights',
    body: flightSearchBody,
    bodyRequired: true,
    responses: { '200': dataOf(flightSearchResult) },
  },
  searchHotels: {
    method: 'post',
    path: '/search/hotels',
    body: hotelSearchBody,
    bodyRequired: true,
    responses: { '200': dataOf(hotelSearchResult) },
  },
  searchCars: {
    method: 'post',
    path: '/search/cars',
    body: carSearchBody,
    bodyRequired: true,
    responses: { '200': dataOf(carSearchResult) },
  },
  createBooking: {
    method: 'post',
    path: '/bookings',
    headers: z.object({ 'Idempotency-Key': idempotencyKey }),
    body: BookingRequest,
    bodyRequired: true,
    responses: { '201': dataOf(Booking) },
  },
  listBookings: {
    method: 'get',
    path: '/bookings',
    query: pageQuery,
    responses: { '200': pageOf(BookingListItem) },
  },
  getBooking: {
    method: 'get',
    path: '/bookings/{id}',
    params: bookingIdParams,
    responses: { '200': dataOf(Booking) },
  },
  cancelBooking: {
    method: 'post',
    path: '/bookings/{id}/cancel',
    params: bookingIdParams,
    headers: z.object({ 'Idempotency-Key': optionalIdempotencyKey }),
    body: partnerCancelBookingBody,
    responses: { '200': dataOf(Booking) },
  },
  quoteCancellation: {
    method: 'post',
    path: '/bookings/{id}/cancellation-quote',
    params: bookingIdParams,
    body: cancellationQuoteBody,
    responses: { '200': dataOf(CancellationQuote) },
  },
  getOfferKeys: { method: 'get', path: '/offer-keys', responses: { '200': OfferKeySet } },
  listInvoices: {
    method: 'get',
    path: '/invoices',
    query: pageQuery,
    responses: { '200': pageOf(Invoice) },
  },
  getInvoice: {
    method: 'get',
    path: '/invoices/{id}',
    params: invoiceIdParams,
    responses: { '200': dataOf(Invoice) },
  },
  registerWebhook: {
    method: 'post',
    path: '/webhooks',
    body: WebhookRequest,
    bodyRequired: true,
    responses: { '201': dataOf(registeredWebhook) },
  },
  listWebhooks: {
    method: 'get',
    path: '/webhooks',
    responses: {
      '200': z.strictObject({
        data: z.array(WebhookEndpoint),
        hasMore: z.literal(false),
        nextCursor: z.null(),
      }),
    },
  },
  deleteWebhook: {
    method: 'delete',
    path: '/webhooks/{id}',
    params: webhookIdParams,
    responses: { '200': dataOf(deletedWebhook) },
  },
  listEvents: {
    method: 'get',
    path: '/events',
    query: eventsQuery,
    responses: { '200': pageOf(Event) },
  },
  getEvent: {
    method: 'get',
    path: '/events/{id}',
    params: eventIdParams,
    responses: { '200': dataOf(Event) },
  },
  updateWebhook: {
    method: 'patch',
    path: '/webhooks/{id}',
    params: webhookIdParams,
    body: WebhookUpdate,
    bodyRequired: true,
    responses: { '200': dataOf(WebhookEndpoint) },
  },
  listWebhookDeliveries: {
    method: 'get',
    path: '/webhooks/{id}/deliveries',
    params: webhookIdParams,
    query: webhookDeliveriesQuery,
    responses: { '200': pageOf(WebhookDelivery) },
  },
  redeliverWebhookDelivery: {
    method: 'post',
    path: '/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    params: webhookDeliveryParams,
    headers: z.object({ 'Idempotency-Key': redeliveryKey }),
    body: emptyBody,
    responses: { '200': dataOf(WebhookRedelivery) },
  },
  pingWebhook: {
    method: 'post',
    path: '/webhooks/{id}/ping',
    params: webhookIdParams,
    body: emptyBody,
    responses: { '200': dataOf(WebhookPing) },
  },
  rotateWebhookSecret: {
    method: 'post',
    path: '/webhooks/{id}/rotate-secret',
    params: webhookIdParams,
    body: rotateWebhookSecretBody,
    responses: { '200': dataOf(rotatedWebhookSecret) },
  },
  recoverWebhookDeliveries: {
    method: 'post',
    path: '/webhooks/{id}/recover',
    params: webhookIdParams,
    headers: z.object({ 'Idempotency-Key': idempotencyKey }),
    body: recoverWebhookBody,
    bodyRequired: true,
    responses: { '200': dataOf(recoveredWebhookDeliveries) },
  },
});
