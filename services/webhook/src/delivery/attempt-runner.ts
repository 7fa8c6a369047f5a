import type { Logger } from '@travel/logger';
import type { DeliveryRepository } from '../db/delivery.repository';
import type { AttemptResult, ClaimedAttempt, DueAttempt } from '../domain/delivery';
import { nextStepAfter } from '../domain/retry-schedule';
import type { EndpointDirectory } from '../endpoints/endpoint-directory';
import { deliveryMetrics } from './delivery-metrics';
import type { OutgoingDelivery } from './post-event';
import { traceAttempt } from './trace-attempt';

export interface AttemptRunnerDeps {
  deliveries: DeliveryRepository;
  endpoints: EndpointDirectory;
  post(delivery: OutgoingDelivery): Promise<AttemptResult>;
  retryDelaysMs: readonly number[];
  leaseMs: number;
  now: () => Date;
  logger: Logger;
}

/**
 * Runs one due attempt, at most once across replicas and restarts:
 * 1. the attempt is claimed by one conditional update of its delivery (a lease: due again only when the
 *    lease ends, so a replica that dies while sending leaves it to be made again, never lost);
 * 2. its endpoint is looked up (cached, checked since the pass began): a deleted one cancels the delivery;
 * 3. the outcome is recorded and the schedule moves in one write: acknowledged, next retry, or failed.
 */
export function createAttemptRunner(deps: AttemptRunnerDeps) {
  const { deliveries, now } = deps;
  const metrics = deliveryMetrics();

  async function settle(attempt: ClaimedAttempt, result: AttemptResult): Promise<void> {
    const next = nextStepAfter(attempt.number, result, deps.retryDelaysMs);
    await deliveries.recordAttempt(attempt.deliveryId, { number: attempt.number, ...result }, next, now());
    metrics.attempted(result, next);
    const log = deps.logger.child({ deliveryId: attempt.deliveryId, attempt: attempt.number });
    const { statusCode, error, durationMs } = result;
    if (next.status === 'acknowledged') log.info({ statusCode, durationMs }, 'webhook acknowledged');
    else if (next.status === 'failed')
      log.warn({ statusCode, error }, 'webhook failed after its last attempt');
    else log.info({ statusCode, error, dueAt: next.dueAt }, 'webhook attempt failed; retry scheduled');
  }

  return async function runAttempt(due: DueAttempt, since: number): Promise<void> {
    const attempt = await deliveries.claim(due, now(), deps.leaseMs);
    if (!attempt) return;
    const endpoint = await deps.endpoints.find(attempt.endpointId, since);
    if (!endpoint) {
      await deliveries.cancel(attempt.deliveryId, now());
      return metrics.cancelled();
    }
    const result = await traceAttempt(attempt, endpoint.url, () =>
      deps.post({
        url: endpoint.url,
        secret: endpoint.secret,
        eventType: attempt.eventType,
        deliveryId: attempt.deliveryId,
        body: attempt.body,
      }),
    );
    await settle(attempt, result);
  };
}
