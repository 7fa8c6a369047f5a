import { AppError } from '@travel/errors';
import type { DeliveryRepository } from '../db/delivery.repository';
import type { EndpointRepository } from '../db/endpoint.repository';
import type { DeliveryHistory } from '../domain/delivery';
import { type Caller, owns } from './caller';

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
  ): Promise<DeliveryHistory[]> {
    if (query.endpointId) {
      const endpoint = await deps.endpoints.find(query.endpointId);
      if (caller && (!endpoint || !owns(caller, endpoint)))
        throw new AppError('not_found', `No webhook endpoint ${query.endpointId}.`);
      return deps.deliveries.ofEndpoint(query.endpointId);
    }
    if (query.eventId) {
      const found = await deps.deliveries.ofEvent(query.eventId);
      return caller ? found.filter((delivery) => delivery.clientId === caller.clientId) : found;
    }
    throw new AppError('bad_request', 'Name an event or an endpoint.');
  };
}
