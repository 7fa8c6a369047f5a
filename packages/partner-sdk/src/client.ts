import { randomUUID } from 'node:crypto';
import { HttpClient, type HttpOptions, type HttpRequest } from './http';
import type { OfferKeySet } from './offer-tokens';
import { paginate } from './pagination';
import type {
  Booking,
  BookingListItem,
  BookingRequest,
  CancellationQuote,
  CarSearch,
  CarSearchResult,
  Event,
  EventsQuery,
  FlightSearch,
  FlightSearchResult,
  HotelSearch,
  HotelSearchResult,
  Invoice,
  Me,
  Page,
  PageQuery,
  PriceQuoteQuery,
  Quote,
  RecoverWebhookRequest,
  RegisteredWebhook,
  RotatedWebhookSecret,
  RotateWebhookSecretRequest,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookPing,
  WebhookRedelivery,
  WebhookRequest,
  WebhookUpdate,
} from './types';

export type PartnerClientOptions = HttpOptions;

/** What `recoverWebhookDeliveries` answers: how many were queued, under which key, and whether it is a replay. */
export interface RecoveryResult {
  queued: number;
  /** The `Idempotency-Key` sent (yours, or the one generated): pass it again to retry this recovery. */
  idempotencyKey: string;
  /** True when the API answered the count of an earlier request with this key (nothing more was queued). */
  replayed: boolean;
}

/** What `createBooking` answers: the booking, the key it was made under, and whether it is a replay. */
export interface BookingResult {
  booking: Booking;
  /** The `Idempotency-Key` sent (yours, or the one generated): pass it again to retry this attempt later. */
  idempotencyKey: string;
  /** True when the API answered the stored booking of an earlier request with this key (`Idempotent-Replayed`). */
  replayed: boolean;
  requestId: string | null;
}

/** What `redeliverWebhookDelivery` answers: the attempt made, the delivery after it, and the key sent. */
export interface RedeliveryResult extends WebhookRedelivery {
  /** The `Idempotency-Key` sent (yours, or the one generated): pass it again to retry without a second send. */
  idempotencyKey: string;
  /** True when the API answered the attempt an earlier request with this key made (`Idempotent-Replayed`). */
  replayed: boolean;
}

/**
 * The partner API (`/api/v1`) with a key. Every method throws a `PartnerApiError` on a non-2xx answer;
 * before that, reads and changes sent with an `Idempotency-Key` (bookings, cancels, redeliveries, recoveries)
 * are retried with the same key on network errors, `5xx`, `429` and `409 idempotency_key_in_use`, honouring
 * `Retry-After`, within `retry` bounds; registering a webhook only on `429` and `503 api_disabled`.
 */
export class PartnerClient {
  private readonly http: HttpClient;

  constructor(options: PartnerClientOptions) {
    this.http = new HttpClient(options);
  }

  /** The client behind the key, its environment and scopes. */
  me(): Promise<Me> {
    return this.data({ method: 'GET', path: '/me' });
  }

  /** A price for a supplier amount with the tenant's margin. */
  quote(query: PriceQuoteQuery): Promise<Quote> {
    return this.data({ method: 'GET', path: '/pricing/quote', query: { ...query } });
  }

  searchFlights(search: FlightSearch): Promise<FlightSearchResult> {
    return this.data({ method: 'POST', path: '/search/flights', body: search });
  }

  searchHotels(search: HotelSearch): Promise<HotelSearchResult> {
    return this.data({ method: 'POST', path: '/search/hotels', body: search });
  }

  searchCars(search: CarSearch): Promise<CarSearchResult> {
    return this.data({ method: 'POST', path: '/search/cars', body: search });
  }

  /**
   * Books an offer. Sends an `Idempotency-Key` (a new UUID unless `options.idempotencyKey` is given) and
   * keeps it across this call's retries, so a retried request never books twice.
   */
  async createBooking(
    request: BookingRequest,
    options: { idempotencyKey?: string } = {},
  ): Promise<BookingResult> {
    const idempotencyKey = options.idempotencyKey ?? randomUUID();
    const res = await this.http.send<{ data: Booking }>({
      method: 'POST',
      path: '/bookings',
      body: request,
      headers: { 'idempotency-key': idempotencyKey },
      retryUnavailable: true,
    });
    return {
      booking: res.body.data,
      idempotencyKey,
      replayed: res.headers.get('idempotent-replayed') === 'true',
      requestId: res.requestId,
    };
  }

  getBooking(id: string): Promise<Booking> {
    return this.data({ method: 'GET', path: `/bookings/${encodeURIComponent(id)}` });
  }

  /**
   * Cancels an `Upcoming` booking; any other state is `409 conflict` and nothing changes. With
   * `options.quoteId` (from `quoteCancellation`) it cancels only at that quote's refund: `409
   * refund_changed`, `quote_expired` or `quote_invalid` otherwise, and nothing changes. Sends an
   * `Idempotency-Key` (a new UUID unless given) and keeps it across this call's retries, so a retry of a
   * cancel whose answer was lost gets that cancel's `200` again, not a `409`.
   */
  async cancelBooking(
    id: string,
    options: { quoteId?: string; idempotencyKey?: string } = {},
  ): Promise<Booking> {
    const res = await this.http.send<{ data: Booking }>({
      method: 'POST',
      path: `/bookings/${encodeURIComponent(id)}/cancel`,
      ...(options.quoteId === undefined ? {} : { body: { quoteId: options.quoteId } }),
      headers: { 'idempotency-key': options.idempotencyKey ?? randomUUID() },
      retryUnavailable: true,
    });
    return res.body.data;
  }

  /** What cancelling the booking would refund now (amount, penalty, rule), as a short-lived quote. */
  quoteCancellation(id: string): Promise<CancellationQuote> {
    return this.data({ method: 'POST', path: `/bookings/${encodeURIComponent(id)}/cancellation-quote` });
  }

  /**
   * The public keys of offer tokens (`GET /offer-keys`, no key needed, cacheable for 5 minutes): give
   * them to `verifyOfferToken`, and fetch again when it answers `unknown_key` (a rotation).
   */
  async getOfferKeys(): Promise<OfferKeySet> {
    return (await this.http.send<OfferKeySet>({ method: 'GET', path: '/offer-keys', retryUnavailable: true }))
      .body;
  }

  /** One page of the client's bookings, newest first. */
  listBookings(query: PageQuery = {}): Promise<Page<BookingListItem>> {
    return this.page('/bookings', query);
  }

  /** Every booking, newest first, page after page as the loop consumes them. */
  bookings(query: Omit<PageQuery, 'cursor'> = {}): AsyncGenerator<BookingListItem, void, undefined> {
    return paginate((q) => this.listBookings(q), query);
  }

  /** One page of the tenant's invoices, newest first. */
  listInvoices(query: PageQuery = {}): Promise<Page<Invoice>> {
    return this.page('/invoices', query);
  }

  /** Every invoice, newest first. */
  invoices(query: Omit<PageQuery, 'cursor'> = {}): AsyncGenerator<Invoice, void, undefined> {
    return paginate((q) => this.listInvoices(q), query);
  }

  getInvoice(id: string): Promise<Invoice> {
    return this.data({ method: 'GET', path: `/invoices/${encodeURIComponent(id)}` });
  }

  /** Registers an endpoint; the answer is the only time its signing `secret` is shown. Not retried on `503 service_unavailable`. */
  registerWebhook(request: WebhookRequest): Promise<RegisteredWebhook> {
    return this.data({ method: 'POST', path: '/webhooks', body: request }, false);
  }

  /** The client's endpoints (at most 10, one page). */
  async listWebhooks(): Promise<WebhookEndpoint[]> {
    return (await this.page<WebhookEndpoint>('/webhooks', {})).data;
  }

  async deleteWebhook(id: string): Promise<void> {
    await this.http.send({
      method: 'DELETE',
      path: `/webhooks/${encodeURIComponent(id)}`,
      retryUnavailable: true,
    });
  }

  /** One page of the client's events feed: newest first, or oldest first after `after` (a `sequence`). */
  listEvents(query: EventsQuery = {}): Promise<Page<Event>> {
    return this.page('/events', query);
  }

  /** Every event kept (30 days), newest first. */
  events(query: Omit<EventsQuery, 'cursor' | 'after'> = {}): AsyncGenerator<Event, void, undefined> {
    return paginate((q) => this.listEvents(q), query);
  }

  /**
   * Catch-up after missed webhooks: every event after `sequence` (the highest you have processed; `0` for
   * all kept), oldest first, up to the newest there is. Remember the last `sequence` handled and start from
   * it next time. Without `type`, each event's `sequence` is one more than the previous one's; a jump means
   * the events between were dropped after 30 days.
   */
  eventsAfter(
    sequence: number,
    query: Omit<EventsQuery, 'cursor' | 'after'> = {},
  ): AsyncGenerator<Event, void, undefined> {
    // `after` opens the catch-up; the cursors carry it on in the same order.
    return paginate(
      ({ limit, cursor }) =>
        this.listEvents({ limit, type: query.type, ...(cursor ? { cursor } : { after: sequence }) }),
      query,
    );
  }

  /** One event of the feed by its id (`evt_...`), e.g. the one a webhook delivery named. */
  getEvent(id: string): Promise<Event> {
    return this.data({ method: 'GET', path: `/events/${encodeURIComponent(id)}` });
  }

  /** Changes an endpoint's `url`, `events` or `enabled`; absent fields stay as they are. */
  updateWebhook(id: string, update: WebhookUpdate): Promise<WebhookEndpoint> {
    return this.data({ method: 'PATCH', path: `/webhooks/${encodeURIComponent(id)}`, body: update });
  }

  /** One page of an endpoint's deliveries, newest first, with every attempt; `status` and `type` narrow it. */
  listWebhookDeliveries(id: string, query: WebhookDeliveriesQuery = {}): Promise<Page<WebhookDelivery>> {
    return this.page(`/webhooks/${encodeURIComponent(id)}/deliveries`, query);
  }

  /** Every delivery of an endpoint (narrowed as asked), newest first, page after page. */
  webhookDeliveries(
    id: string,
    query: Omit<WebhookDeliveriesQuery, 'cursor'> = {},
  ): AsyncGenerator<WebhookDelivery, void, undefined> {
    return paginate((q) => this.listWebhookDeliveries(id, { ...query, ...q }), query);
  }

  /**
   * Sends a delivery again now (same body and delivery id, a fresh signature). Sends an `Idempotency-Key`
   * (a new UUID unless `options.idempotencyKey` is given) and keeps it across this call's retries, so a
   * retried request never sends twice.
   */
  async redeliverWebhookDelivery(
    id: string,
    deliveryId: string,
    options: { idempotencyKey?: string } = {},
  ): Promise<RedeliveryResult> {
    const idempotencyKey = options.idempotencyKey ?? randomUUID();
    const res = await this.http.send<{ data: WebhookRedelivery }>({
      method: 'POST',
      path: `/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      headers: { 'idempotency-key': idempotencyKey },
      retryUnavailable: true,
    });
    return {
      ...res.body.data,
      idempotencyKey,
      replayed: res.headers.get('idempotent-replayed') === 'true',
    };
  }

  /**
   * A new signing secret for the endpoint, shown only in this answer. The old one keeps signing beside it for
   * `overlapSeconds` (default a day; `0` for a leaked secret): verify with both meanwhile (see
   * `verifyWebhookSignature`). Not retried on `503`: a second rotation would replace this secret.
   */
  rotateWebhookSecret(id: string, request: RotateWebhookSecretRequest = {}): Promise<RotatedWebhookSecret> {
    return this.data(
      { method: 'POST', path: `/webhooks/${encodeURIComponent(id)}/rotate-secret`, body: request },
      false,
    );
  }

  /**
   * Sends the endpoint's failed deliveries created since `request.since` (ISO 8601) again. Sends an
   * `Idempotency-Key` (a new UUID unless given) and keeps it across this call's retries, so a retry queues
   * nothing twice.
   */
  async recoverWebhookDeliveries(
    id: string,
    request: RecoverWebhookRequest,
    options: { idempotencyKey?: string } = {},
  ): Promise<RecoveryResult> {
    const idempotencyKey = options.idempotencyKey ?? randomUUID();
    const res = await this.http.send<{ data: { queued: number } }>({
      method: 'POST',
      path: `/webhooks/${encodeURIComponent(id)}/recover`,
      body: request,
      headers: { 'idempotency-key': idempotencyKey },
      retryUnavailable: true,
    });
    return {
      queued: res.body.data.queued,
      idempotencyKey,
      replayed: res.headers.get('idempotent-replayed') === 'true',
    };
  }

  /**
   * Sends a `ping` event to the endpoint now and answers the attempt (see `attempt.succeeded`). Not retried
   * on `503 service_unavailable` (the ping may have been sent).
   */
  pingWebhook(id: string): Promise<WebhookPing> {
    return this.data({ method: 'POST', path: `/webhooks/${encodeURIComponent(id)}/ping` }, false);
  }

  private async data<T>(request: Omit<HttpRequest, 'retryUnavailable'>, retryUnavailable = true): Promise<T> {
    return (await this.http.send<{ data: T }>({ ...request, retryUnavailable })).body.data;
  }

  private async page<T>(path: string, query: PageQuery | WebhookDeliveriesQuery): Promise<Page<T>> {
    const res = await this.http.send<Page<T>>({
      method: 'GET',
      path,
      query: { ...query },
      retryUnavailable: true,
    });
    return res.body;
  }
}
