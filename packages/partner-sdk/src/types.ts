import type { components, operations } from './generated/partner-api';

/** The partner API's schemas, as generated from `gateway/openapi/partner.yaml`. */
export type Schemas = components['schemas'];

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Ok<Op, Status extends number> = Op extends { responses: { [S in Status]: infer R } } ? Json<R> : never;
type DataOf<Op, Status extends number> = Ok<Op, Status> extends { data: infer D } ? D : never;
type RequestBody<Op> = Op extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type Me = DataOf<operations['getMe'], 200>;
export type PriceQuoteQuery = QueryOf<operations['getPriceQuote']>;
export type Quote = DataOf<operations['getPriceQuote'], 200>;
export type FlightSearch = RequestBody<operations['searchFlights']>;
export type FlightSearchResult = DataOf<operations['searchFlights'], 200>;
export type HotelSearch = RequestBody<operations['searchHotels']>;
export type HotelSearchResult = DataOf<operations['searchHotels'], 200>;
export type CarSearch = RequestBody<operations['searchCars']>;
export type CarSearchResult = DataOf<operations['searchCars'], 200>;
export type BookingRequest = Schemas['BookingRequest'];
export type Booking = Schemas['Booking'];
export type BookingListItem = Schemas['BookingListItem'];
export type CancellationQuote = Schemas['CancellationQuote'];
export type Invoice = Schemas['Invoice'];
export type WebhookRequest = Schemas['WebhookRequest'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
/** The endpoint as registration answers it: the only time its signing `secret` is shown. */
export type RegisteredWebhook = Pick<WebhookEndpoint, 'id' | 'url' | 'events' | 'status' | 'createdAt'> & {
  secret: string;
};
/** `POST /webhooks/{id}/rotate-secret`: the new secret (shown only here) and the end of the old one's overlap. */
export type RotatedWebhookSecret = DataOf<operations['rotateWebhookSecret'], 200>;
export type RotateWebhookSecretRequest = NonNullable<RequestBody<operations['rotateWebhookSecret']>>;
export type RecoverWebhookRequest = RequestBody<operations['recoverWebhookDeliveries']>;
export type WebhookEvent = Schemas['WebhookEvent'];
/** One event of the events feed (`GET /events`): a webhook body with its `sequence`. */
export type Event = Schemas['Event'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookAttempt = Schemas['WebhookAttempt'];
/** `status` and `type` of `GET /webhooks/{id}/deliveries`, beside `limit` and `cursor`. */
export type WebhookDeliveriesQuery = QueryOf<operations['listWebhookDeliveries']>;
export type WebhookUpdate = RequestBody<operations['updateWebhook']>;
export type WebhookRedelivery = DataOf<operations['redeliverWebhookDelivery'], 200>;
export type WebhookPing = DataOf<operations['pingWebhook'], 200>;
export type WebhookEventType = Schemas['WebhookEventType'];
export type FieldProblem = Schemas['FieldProblem'];
/** `details` of `403 spending_limit_exceeded`: which limit, the amount, what the key may still book today. */
export type SpendingLimitRefusal = Schemas['SpendingLimitRefusal'];
/** `details` of `409 price_changed`: the price to book now and the `expectedPrice` sent; nothing was booked. */
export type PriceChanged = Schemas['PriceChanged'];
/** The key's spending limits and what it spent today, as `GET /me` shows them (null: no limits). */
export type KeySpending = NonNullable<Me['spending']>;
export type ErrorCode = Schemas['ErrorEnvelope']['error']['code'];

/** `limit` (1 to 100) and `cursor` of the list routes. */
export interface PageQuery {
  limit?: number;
  cursor?: string;
}

/**
 * `GET /events`: `limit` and `cursor`, `type`, and `after` (the highest `sequence` processed) for
 * oldest-first catch-up; `after` and `cursor` are never sent together.
 */
export interface EventsQuery extends PageQuery {
  after?: number;
  type?: WebhookEventType;
}

/** One page of a list route: pass `nextCursor` as `cursor` until `hasMore` is false. */
export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}
