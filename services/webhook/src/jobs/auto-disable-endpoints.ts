import type { Logger } from '@travel/logger';
import type { DeliveryRepository } from '../db/delivery.repository';
import type { EndpointRepository } from '../db/endpoint.repository';
import { autoDisabledReason, type Endpoint, failedLongEnough } from '../domain/endpoints/endpoint';

export interface AutoDisableDeps {
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  /** WEBHOOK_AUTO_DISABLE_AFTER: how long every delivery must have failed. */
  afterMs: number;
  /** Hands one disabled endpoint's staff notice over (engagement queues the emails); throws when it could not. */
  notify(endpoint: Endpoint): Promise<void>;
  now: () => Date;
  logger: Logger;
}

/**
 * One pass of the auto-disable job (every replica runs it; a disable is one conditional update, so one replica
 * wins each): every active endpoint whose deliveries have all failed for `afterMs` (counted from its creation or
 * its last enable, so a re-enabled endpoint starts afresh) is disabled with its reason, owing its tenant's staff a
 * notice in the same write. Then every owed notice is handed to engagement; one that fails stays owed for the
 * next pass (the endpoint document is that email's outbox).
 */
export function createAutoDisable(deps: AutoDisableDeps) {
  async function disableFailing(): Promise<void> {
    for await (const endpoint of inBatches((after, count) => deps.endpoints.active(after, count))) {
      const from = endpoint.statusChangedAt ?? endpoint.createdAt;
      const failingSince = await deps.deliveries.failingSince(endpoint.id, from);
      const now = deps.now();
      if (!failedLongEnough(failingSince, deps.afterMs, now)) continue;
      const reason = autoDisabledReason(deps.afterMs, failingSince);
      if (await deps.endpoints.disable(endpoint.id, endpoint.statusChangedAt, reason, now))
        deps.logger.warn(
          { endpointId: endpoint.id, clientId: endpoint.clientId, failingSince },
          'webhook endpoint auto-disabled',
        );
    }
  }

  async function sendNotices(): Promise<void> {
    for await (const endpoint of inBatches((after, count) => deps.endpoints.owingNotice(after, count))) {
      try {
        await deps.notify(endpoint);
        await deps.endpoints.noticeSent(endpoint.id, endpoint.statusChangedAt as Date);
      } catch (error) {
        deps.logger.warn(
          { err: error, endpointId: endpoint.id },
          'auto-disable notice not handed over; retried next pass',
        );
      }
    }
  }

  return async function autoDisable(): Promise<void> {
    await disableFailing();
    await sendNotices();
  };
}

/** The job reads endpoints this many at a time: memory stays bounded however many clients have endpoints. */
export const ENDPOINT_BATCH = 100;

/** Every endpoint a batched read finds, batch after batch in id order. */
async function* inBatches(
  read: (afterId: string | undefined, count: number) => Promise<Endpoint[]>,
): AsyncGenerator<Endpoint> {
  let after: string | undefined;
  for (;;) {
    const batch = await read(after, ENDPOINT_BATCH);
    yield* batch;
    const last = batch.at(-1);
    if (batch.length < ENDPOINT_BATCH || !last) return;
    after = last.id;
  }
}
