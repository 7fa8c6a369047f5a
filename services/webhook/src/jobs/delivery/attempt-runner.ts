import type { Logger } from '@travel/logger';
import type { DeliveryRepository, RecordedOutcome } from '../../db/delivery.repository';
import type { EndpointSecrets } from '../../db/endpoint-secrets';
import type {
  AttemptResult,
  ClaimedAttempt,
  DueAttempt,
  OutgoingDelivery,
} from '../../domain/deliveries/delivery';
import { nextStepAfter } from '../../domain/deliveries/retry-schedule';
import type { EndpointDirectory } from '../../domain/endpoints/endpoint-directory';
import type { CircuitBreakers } from './circuit-breakers';
import { deliveryMetrics } from './delivery-metrics';
import { traceAttempt } from './trace-attempt';
import { writeInBatches } from './write-batches';

export interface AttemptRunnerDeps {
  deliveries: DeliveryRepository;
  endpoints: EndpointDirectory;
  /** Opens an endpoint's sealed secrets at signing time (they stay sealed in the cache). */
  secrets: EndpointSecrets;
  post(delivery: OutgoingDelivery): Promise<AttemptResult>;
  /** Told every outcome once it is recorded: the endpoint's circuit breaker. */
  breakers: Pick<CircuitBreakers, 'observe' | 'forget'>;
  retryDelaysMs: readonly number[];
  leaseMs: number;
  now: () => Date;
  logger: Logger;
}

export interface AttemptRunner {
  /** Takes the lease on due attempts (one write for all); those taken elsewhere or ended are left out. */
  claim(due: DueAttempt[]): Promise<ClaimedAttempt[]>;
  /** Sends one claimed attempt and records its outcome. */
  run(attempt: ClaimedAttempt, since: number): Promise<void>;
}

/**
 * Runs due attempts, each at most once across replicas and restarts:
 * 1. attempts are claimed by one conditional update of their deliveries (a lease: due again only when the
 *    lease ends, so a replica that dies while sending leaves them to be made again, never lost);
 * 2. each one's endpoint is looked up (cached, checked since the pass began): a deleted or disabled one cancels it;
 * 3. each outcome is recorded and its schedule moved in one single-document update (acknowledged, next
 *    retry, or failed); the outcomes that finish while a write is out go together in the next bulk write;
 * 4. then the endpoint's circuit breaker hears it (it may open, close or open again).
 */
export function createAttemptRunner(deps: AttemptRunnerDeps): AttemptRunner {
  const { deliveries, now } = deps;
  const metrics = deliveryMetrics();
  const record = writeInBatches<RecordedOutcome>((outcomes) => deliveries.recordAttempts(outcomes, now()));

  async function settle(attempt: ClaimedAttempt, result: AttemptResult): Promise<void> {
    const next = nextStepAfter(attempt.number, result, deps.retryDelaysMs);
    await record({ deliveryId: attempt.deliveryId, record: { number: attempt.number, ...result }, next });
    metrics.attempted(result, next);
    const { statusCode, error, durationMs } = result;
    const at = { deliveryId: attempt.deliveryId, attempt: attempt.number };
    if (next.status === 'acknowledged')
      deps.logger.info({ ...at, statusCode, durationMs }, 'webhook acknowledged');
    else if (next.status === 'failed')
      deps.logger.warn({ ...at, statusCode, error }, 'webhook failed after its last attempt');
    else
      deps.logger.info(
        { ...at, statusCode, error, dueAt: next.dueAt },
        'webhook attempt failed; retry scheduled',
      );
  }

  return {
    claim: (due) => deliveries.claim(due, now(), deps.leaseMs),
    async run(attempt, since) {
      const endpoint = await deps.endpoints.find(attempt.endpointId, since);
      // Deleted, or disabled (by hand or by the auto-disable job) since the attempt was scheduled: nothing is
      // sent; once enabled again it receives the events from then on.
      if (endpoint?.status !== 'active') {
        await deliveries.cancel(attempt.deliveryId, now());
        metrics.cancelled();
        return deps.breakers.forget(attempt.endpointId);
      }
      const result = await traceAttempt(attempt, endpoint.url, () =>
        deps.post({
          url: endpoint.url,
          secrets: deps.secrets.signingAt(endpoint, now()),
          eventType: attempt.eventType,
          deliveryId: attempt.deliveryId,
          body: attempt.body,
        }),
      );
      await settle(attempt, result);
      await deps.breakers.observe(attempt, result);
    },
  };
}
