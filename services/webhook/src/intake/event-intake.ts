import { type EventEnvelope, PoisonEventError } from '@travel/events';
import type { Logger } from '@travel/logger';
import type { DeliveryRepository } from '../db/delivery.repository';
import type { EndpointRepository } from '../db/endpoint.repository';
import { deliveryIdOf } from '../domain/delivery';
import { wants } from '../domain/endpoint';
import { renderEventBody } from '../domain/event-body';
import { isEventType } from '../domain/event-types';

export interface EventIntakeDeps {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  now: () => Date;
  /** New deliveries were scheduled: attempt them now rather than at the next poll. */
  scheduled(): void;
}

/**
 * Turns one event from Kafka into one delivery per interested endpoint. Booking events go to the
 * endpoints of the client that booked; `invoice.paid` to those of every client of the tenant. Only
 * endpoints of the event's environment, subscribed to its type, and registered before it happened
 * (a new endpoint does not receive the past). A redelivered event finds its deliveries made already.
 */
export function createEventIntake(deps: EventIntakeDeps) {
  return async function handle(event: EventEnvelope, _topic: string, logger: Logger): Promise<void> {
    const type = event.type;
    if (!isEventType(type)) return logger.debug('not a webhook event type; ignored');
    const occurredAt = event.occurredAt as Date;
    const candidates =
      type === 'invoice.paid'
        ? event.tenantId
          ? await deps.endpoints.ofTenant(event.tenantId)
          : []
        : await deps.endpoints.ofClient(Number(event.clientId));
    const targets = candidates.filter(
      (endpoint) => wants(endpoint, type, event.livemode) && endpoint.createdAt <= occurredAt,
    );
    if (targets.length === 0) return;
    let body: string;
    try {
      body = renderEventBody(event, type);
    } catch (error) {
      throw new PoisonEventError(`undecodable ${type} payload: ${(error as Error).message}`);
    }
    const now = deps.now();
    // Each endpoint's delivery is independent: their inserts go to FerretDB together, not one by one.
    await Promise.all(
      targets.map((endpoint) =>
        deps.deliveries.enqueue(
          {
            id: deliveryIdOf(event.id, endpoint.id),
            eventId: event.id,
            eventType: type,
            endpointId: endpoint.id,
            clientId: endpoint.clientId,
            body,
            status: 'pending',
            createdAt: now,
          },
          now,
        ),
      ),
    );
    logger.info({ endpoints: targets.map((e) => e.id) }, 'webhook deliveries scheduled');
    deps.scheduled();
  };
}
