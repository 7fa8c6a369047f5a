import type { Logger } from '@travel/logger';
import type { DeliveryRepository } from '../db/delivery.repository';
import type { EndpointRepository } from '../db/endpoint.repository';
import type { AttemptResult, DueAttempt } from '../domain/delivery';
import { delayAfterFailure } from '../domain/retry-schedule';
import type { OutgoingDelivery } from './post-event';

export interface AttemptRunnerDeps {
  deliveries: DeliveryRepository;
  endpoints: EndpointRepository;
  post(delivery: OutgoingDelivery): Promise<AttemptResult>;
  retryDelaysMs: readonly number[];
  leaseMs: number;
  /** This replica, in its leases (for the logs of whoever looks at a stuck claim). */
  owner: string;
  now: () => Date;
  logger: Logger;
}

/**
 * Runs one due attempt, at most once across replicas and restarts:
 * 1. an attempt already recorded (its sender crashed before moving the schedule) only moves the schedule;
 * 2. otherwise the attempt is claimed by a unique insert (a lease), so two replicas never both send it;
 * 3. the endpoint is read again: a deleted one cancels the delivery instead of sending;
 * 4. the outcome is recorded, then the schedule moves: acknowledged, next retry, or failed.
 */
export function createAttemptRunner(deps: AttemptRunnerDeps) {
  const { deliveries, now } = deps;

  async function settle(attempt: DueAttempt, result: AttemptResult): Promise<void> {
    const log = deps.logger.child({ deliveryId: attempt.deliveryId, attempt: attempt.number });
    if (result.acknowledged) {
      await deliveries.finish(attempt.deliveryId, 'acknowledged', now());
      log.info({ statusCode: result.statusCode, durationMs: result.durationMs }, 'webhook acknowledged');
      return;
    }
    const delay = delayAfterFailure(attempt.number, deps.retryDelaysMs);
    if (delay === null) {
      await deliveries.finish(attempt.deliveryId, 'failed', now());
      log.warn(
        { statusCode: result.statusCode, error: result.error },
        'webhook failed after its last attempt',
      );
      return;
    }
    const dueAt = new Date(result.at.getTime() + result.durationMs + delay);
    await deliveries.reschedule(attempt.deliveryId, attempt.number + 1, dueAt);
    log.info(
      { statusCode: result.statusCode, error: result.error, dueAt },
      'webhook attempt failed; retry scheduled',
    );
  }

  return async function runAttempt(attempt: DueAttempt): Promise<void> {
    const recorded = await deliveries.findAttempt(attempt.deliveryId, attempt.number);
    if (recorded) return settle(attempt, recorded);
    if (!(await deliveries.claim(attempt, deps.owner, now(), deps.leaseMs))) return;
    const delivery = await deliveries.find(attempt.deliveryId);
    if (delivery?.status !== 'pending') return deliveries.unschedule(attempt.deliveryId);
    const endpoint = await deps.endpoints.find(delivery.endpointId);
    if (!endpoint) return deliveries.finish(delivery.id, 'cancelled', now());
    const result = await deps.post({
      url: endpoint.url,
      secret: endpoint.secret,
      eventType: delivery.eventType,
      deliveryId: delivery.id,
      body: delivery.body,
    });
    await deliveries.recordAttempt({ deliveryId: delivery.id, number: attempt.number, ...result });
    await settle(attempt, result);
  };
}
