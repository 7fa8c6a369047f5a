import { AppError } from '@travel/errors';
import type { DeliveryRepository } from '../../db/delivery.repository';
import type { EndpointRepository } from '../../db/endpoint.repository';
import { type Caller, ownerOf } from '../caller';
import type { DeliveryHistory } from './delivery';

/**
 * "Did you send it?": every delivery of one event, or to one endpoint, with each attempt's time,
 * status code or error and duration. A partner sees only its own endpoints'; support (`null`) every client's.
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
      const endpoint = caller
        ? await deps.endpoints.findOwned(ownerOf(caller), query.endpointId)
        : await deps.endpoints.find(query.endpointId);
      if (!endpoint) throw new AppError('not_found', `No webhook endpoint ${query.endpointId}.`);
      return deps.deliveries.ofEndpoint(query.endpointId);
    }
    if (query.eventId) {
      return deps.deliveries.ofEvent(query.eventId, caller ? caller.clientId : null);
    }
    throw new AppError('bad_request', 'Name an event or an endpoint.');
  };
}
