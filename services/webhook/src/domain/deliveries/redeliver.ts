import { AppError } from '@travel/errors';
import type { DeliveryRepository } from '../../db/delivery.repository';
import type { EndpointRepository } from '../../db/endpoint.repository';
import type { EndpointSecrets } from '../../db/endpoint-secrets';
import type { RedeliveryClaim, RedeliveryKeys } from '../../db/redelivery-keys';
import { type Caller, ownerOf } from '../caller';
import type { Endpoint } from '../endpoints/endpoint';
import { notFound } from '../endpoints/manage-endpoints';
import type { AttemptRecord, AttemptResult, DeliveryHistory, OutgoingDelivery } from './delivery';

export interface RedeliverDeps {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  keys: RedeliveryKeys;
  secrets: EndpointSecrets;
  post(delivery: OutgoingDelivery): Promise<AttemptResult>;
  now: () => Date;
}

export interface Redelivery {
  delivery: DeliveryHistory;
  attempt: AttemptRecord;
  replayed: boolean;
}

const inProgress = () =>
  new AppError('conflict', 'A request with this Idempotency-Key is still in progress; retry it shortly.');

/**
 * `POST /webhooks/{id}/deliveries/{deliveryId}/redeliver`: one attempt now, outside the retry schedule,
 * with the delivery's stored body and id (receivers de-duplicate as before) and a signature made at send
 * time. Idempotent per key, as `POST /bookings` is: the key is claimed by a unique insert, so of concurrent
 * requests with it one sends; a retry after the attempt answers that attempt (`replayed`) and sends nothing;
 * one while it is out is `409`; one after its request died takes the claim over. The same key for another
 * delivery is `idempotency_key_reuse`. The endpoint must be the caller's and enabled.
 */
export function createRedeliver(deps: RedeliverDeps) {
  async function attempt(claim: RedeliveryClaim, endpoint: Endpoint, delivery: DeliveryHistory) {
    let record: AttemptRecord;
    try {
      const result = await deps.post({
        url: endpoint.url,
        secrets: deps.secrets.signingAt(endpoint, deps.now()),
        eventType: delivery.eventType,
        deliveryId: delivery.id,
        body: delivery.body,
      });
      record = { ...result, number: 0, manual: true };
      await deps.deliveries.recordManualAttempt(delivery.id, record);
    } catch (error) {
      await deps.keys.release(claim);
      throw error;
    }
    await deps.keys.complete(claim, record);
    return record;
  }

  return async function redeliver(
    caller: Caller,
    request: { endpointId: string; deliveryId: string; idempotencyKey: string },
  ): Promise<Redelivery> {
    const endpoint = await deps.endpoints.findOwned(ownerOf(caller), request.endpointId);
    if (!endpoint) throw notFound(request.endpointId);
    const found = await deps.deliveries.findOfEndpoint(endpoint.id, request.deliveryId);
    if (!found) throw new AppError('not_found', `No delivery ${request.deliveryId} to ${endpoint.id}.`);
    const scope = `${caller.clientId}:${caller.environment}:${request.idempotencyKey}`;
    const result = await deps.keys.claim(scope, found.id, deps.now());
    let claim: RedeliveryClaim;
    if (result.claimed) claim = result.claim;
    else {
      const { existing } = result;
      if (existing.deliveryId !== found.id) throw new AppError('idempotency_key_reuse');
      if (existing.attempt) return { delivery: found, attempt: existing.attempt, replayed: true };
      if (existing.leaseUntil > deps.now()) throw inProgress();
      const taken = await deps.keys.takeOver(existing, deps.now());
      if (!taken) throw inProgress();
      claim = taken;
    }
    if (endpoint.status !== 'active') {
      await deps.keys.release(claim);
      throw new AppError('conflict', `Webhook endpoint ${endpoint.id} is disabled; enable it first.`);
    }
    const made = await attempt(claim, endpoint, found);
    const delivery = (await deps.deliveries.findOfEndpoint(endpoint.id, found.id)) ?? found;
    return { delivery, attempt: made, replayed: false };
  };
}
