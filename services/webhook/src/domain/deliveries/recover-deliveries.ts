import { AppError, badRequest } from '@travel/errors';
import type { DeliveryRepository } from '../../db/delivery.repository';
import type { EndpointRepository } from '../../db/endpoint.repository';
import type { RecoveryRepository } from '../../db/recovery.repository';
import { type Caller, ownerOf } from '../caller';

export interface RecoverDeliveriesDeps {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  recoveries: RecoveryRepository;
  now: () => Date;
  /** New attempts are due: run them now rather than at the next poll. */
  queued(): void;
}

const IDEMPOTENCY_KEY = /^[!-~]{8,100}$/;

/**
 * `POST /webhooks/{id}/recover`: every delivery to the endpoint made since `since` that ended `failed` gets one
 * more attempt now (same delivery id and body, signed afresh); one that was cancelled (its endpoint disabled
 * while it was pending or held) goes on with the retries it had left. One recovery per `Idempotency-Key` and client:
 * the same key with the same request answers the first count and queues nothing more; with another request it
 * is `idempotency_key_reuse`. A disabled endpoint is `conflict` (enable it first: it would refuse them).
 */
export function createRecoverDeliveries(deps: RecoverDeliveriesDeps) {
  return async function recoverDeliveries(
    caller: Caller,
    id: string,
    since: Date | undefined,
    idempotencyKey: string,
  ): Promise<{ queued: number; replayed: boolean }> {
    const problems = [
      ...(since && !Number.isNaN(since.getTime())
        ? []
        : [{ path: 'since', message: 'must be an ISO 8601 time' }]),
      ...(IDEMPOTENCY_KEY.test(idempotencyKey)
        ? []
        : [{ path: 'Idempotency-Key', message: 'must be 8 to 100 visible ASCII characters' }]),
    ];
    if (problems.length > 0 || !since) throw badRequest(problems, 'The recovery was refused.');
    const endpoint = await deps.endpoints.findOwned(ownerOf(caller), id);
    if (!endpoint) throw new AppError('not_found', `No webhook endpoint ${id}.`);
    if (endpoint.status === 'disabled')
      throw new AppError('conflict', `The webhook endpoint ${id} is disabled; enable it before recovering.`);
    const recoveryId = `${caller.clientId}:${idempotencyKey}`;
    const claimed = await deps.recoveries.claim({
      _id: recoveryId,
      endpointId: id,
      since,
      createdAt: deps.now(),
    });
    if (!claimed) {
      const earlier = await deps.recoveries.find(recoveryId);
      if (earlier && (earlier.endpointId !== id || earlier.since.getTime() !== since.getTime()))
        throw new AppError(
          'idempotency_key_reuse',
          'This Idempotency-Key was already used with another recovery.',
        );
      // Finished: its answer. Not finished (it crashed, or runs right now): run it again, which queues what is
      // left and counts what it queued before (the deliveries carry its id).
      if (earlier?.queued != null) return { queued: earlier.queued, replayed: true };
    }
    const queued = await deps.deliveries.requeueFailed(id, since, recoveryId, deps.now());
    await deps.recoveries.finish(recoveryId, queued);
    if (queued > 0) deps.queued();
    return { queued, replayed: false };
  };
}
