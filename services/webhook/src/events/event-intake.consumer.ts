import { randomUUID } from 'node:crypto';
import { type ConsumerOptions, PoisonEventError } from '@travel/events';
import { currentTraceparent } from '@travel/tracing';
import type { DeliveryRepository } from '../db/delivery.repository';
import { type ClaimedAttempt, type Delivery, deliveryIdOf } from '../domain/deliveries/delivery';
import { type Endpoint, listensSince, wants } from '../domain/endpoints/endpoint';
import type { EndpointDirectory } from '../domain/endpoints/endpoint-directory';
import { eventDataOf, renderEventBody } from '../domain/event-body';
import { isEventType } from '../domain/event-types';
import type { createRecordEvent } from '../domain/feed/record-event';
import type { Dispatcher } from '../jobs/delivery/dispatcher';

export interface EventIntakeDeps {
  endpoints: EndpointDirectory;
  deliveries: DeliveryRepository;
  /** Puts the event into its clients' feeds first, whether or not an endpoint wants it (GET /events). */
  recordInFeed: ReturnType<typeof createRecordEvent>;
  /** Where first attempts start at once, as many as it has room for (the dispatcher). */
  firstAttempts: Pick<Dispatcher, 'plan' | 'start'>;
  /** How long a first attempt started here holds its delivery before another pass may take it. */
  leaseMs: number;
  now: () => Date;
  /** New deliveries were scheduled: attempt them now rather than at the next poll. */
  scheduled(): void;
}

/**
 * Turns one event from Kafka into an entry in the feed of each client that may see it (domain/feed/record-event.ts),
 * then one delivery per interested endpoint, carrying the client's sequence. Booking events go to the
 * endpoints of the client that booked; `invoice.paid` to those of every client of the tenant. Only
 * endpoints of the event's environment, subscribed to its type, and registered before it happened
 * (a new endpoint does not receive the past). The endpoints come from the directory's cache, checked
 * after the event arrived; the deliveries are inserted in one write, and a redelivered event's are
 * found there already. As many as the dispatcher has room for (overall and per endpoint) are inserted
 * already leased to this replica and their first attempts start at once (no pass, no claim: two store
 * writes per delivery, its insert and its outcome); those to an endpoint whose circuit breaker is tripped
 * are inserted held until it probes; the rest wait in the schedule for the next pass. A replica that dies
 * meanwhile leaves them to be taken when the lease ends, as with any claimed attempt.
 */
export function createEventIntake(deps: EventIntakeDeps): ConsumerOptions['handle'] {
  return async function handle(event, _topic, logger, { receivedAt }) {
    const type = event.type;
    if (!isEventType(type)) return logger.debug('not a webhook event type; ignored');
    // A storefront booking is a customer's (no client, no tenant in the envelope): no partner endpoint hears it.
    if (type !== 'invoice.paid' && !event.clientId)
      return logger.debug('storefront booking; no partner endpoint');
    const occurredAt = event.occurredAt as Date;
    const candidates: Endpoint[] =
      type === 'invoice.paid'
        ? event.tenantId
          ? await deps.endpoints.ofTenant(event.tenantId, receivedAt)
          : []
        : await deps.endpoints.ofClient(Number(event.clientId), receivedAt);
    let data: Record<string, unknown>;
    try {
      data = eventDataOf(event, type);
    } catch (error) {
      throw new PoisonEventError(`undecodable ${type} payload: ${(error as Error).message}`);
    }
    const tenantClients = type === 'invoice.paid' ? candidates.map((endpoint) => endpoint.clientId) : [];
    const sequences = await deps.recordInFeed(event, type, data, tenantClients);
    const targets = candidates.filter(
      (endpoint) => wants(endpoint, type, event.livemode) && listensSince(endpoint, occurredAt),
    );
    if (targets.length === 0) return;
    // Each client's deliveries carry its own sequence: one body per client (one for a booking event).
    const bodies = new Map(
      [...new Set(targets.map((endpoint) => endpoint.clientId))].map((clientId) => [
        clientId,
        renderEventBody(event, type, sequences.get(clientId), data),
      ]),
    );
    const now = deps.now();
    // Every attempt, however much later, continues the trace this event's handling is part of.
    const traceparent = currentTraceparent();
    const deliveries: Delivery[] = targets.map((endpoint) => ({
      id: deliveryIdOf(event.id, endpoint.id),
      eventId: event.id,
      eventType: type,
      endpointId: endpoint.id,
      clientId: endpoint.clientId,
      body: bodies.get(endpoint.clientId) as string,
      status: 'pending',
      createdAt: now,
      ...(traceparent ? { traceparent } : {}),
    }));
    const { start: leased, queue: queued, hold } = deps.firstAttempts.plan(deliveries);
    if (leased.length > 0) {
      const leaseEnds = new Date(now.getTime() + deps.leaseMs);
      let created: ClaimedAttempt[] = [];
      try {
        const ids = new Set(await deps.deliveries.enqueue(leased, leaseEnds, { lease: randomUUID() }));
        created = leased.filter((d) => ids.has(d.id)).map(firstAttemptOf);
      } finally {
        // Started on the places the plan took; those not created give theirs back.
        deps.firstAttempts.start(leased, created);
      }
    }
    for (const { until, deliveries: held } of hold)
      await deps.deliveries.enqueue(held, until, { held: true });
    if (queued.length > 0) {
      await deps.deliveries.enqueue(queued, now);
      deps.scheduled();
    }
    logger.info({ endpoints: targets.map((e) => e.id) }, 'webhook deliveries scheduled');
  };
}

function firstAttemptOf(delivery: Delivery): ClaimedAttempt {
  const { id, endpointId, eventType, body, traceparent } = delivery;
  return { deliveryId: id, number: 1, endpointId, eventType, body, ...(traceparent ? { traceparent } : {}) };
}
