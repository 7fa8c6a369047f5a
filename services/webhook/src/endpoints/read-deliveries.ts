import { AppError } from '@travel/errors';
import type { DeliveryRepository } from '../db/delivery.repository';
import type { EndpointRepository } from '../db/endpoint.repository';
import type { AttemptRecord, Delivery, DueAttempt } from '../domain/delivery';
import { type Caller, owns } from './caller';

export interface DeliveryView extends Delivery {
  attempts: AttemptRecord[];
  next: DueAttempt | undefined;
}

/**
 * "Did you send it?": every delivery of one event, or to one endpoint, with each attempt's time,
 * status code or error and duration. A caller sees only its own endpoints'; no caller is support.
 */
export function createReadDeliveries(deps: {
  deliveries: DeliveryRepository;
  endpoints: EndpointRepository;
}) {
  return async function readDeliveries(
    caller: Caller | null,
    query: { eventId?: string; endpointId?: string },
  ): Promise<DeliveryView[]> {
    let found: Delivery[];
    if (query.endpointId) {
      const endpoint = await deps.endpoints.find(query.endpointId);
      if (caller && (!endpoint || !owns(caller, endpoint)))
        throw new AppError('not_found', `No webhook endpoint ${query.endpointId}.`);
      found = await deps.deliveries.ofEndpoint(query.endpointId);
    } else if (query.eventId) {
      found = await deps.deliveries.ofEvent(query.eventId);
      if (caller) found = found.filter((delivery) => delivery.clientId === caller.clientId);
    } else throw new AppError('bad_request', 'Name an event or an endpoint.');
    return Promise.all(
      found.map(async (delivery) => ({
        ...delivery,
        attempts: await deps.deliveries.attemptsOf(delivery.id),
        next: delivery.status === 'pending' ? await deps.deliveries.nextAttemptOf(delivery.id) : undefined,
      })),
    );
  };
}
