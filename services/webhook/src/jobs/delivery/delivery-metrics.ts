import { counter, gaugeOnScrape, histogram, observeOutboxAge } from '@travel/metrics';
import type { DeliveryQueue } from '../../db/delivery-queue';
import type { AttemptResult } from '../../domain/deliveries/delivery';
import type { NextStep } from '../../domain/deliveries/retry-schedule';

/** How an attempt left its delivery: done, retried later, given up on, or dropped with its endpoint. */
export type DeliveryOutcome = 'acknowledged' | 'retry_scheduled' | 'failed' | 'cancelled';

const OUTCOME_OF: Record<NextStep['status'], DeliveryOutcome> = {
  acknowledged: 'acknowledged',
  pending: 'retry_scheduled',
  failed: 'failed',
};

/** The webhook delivery counters: one per attempt's end, its latency, and the due queue read on scrape. */
export function deliveryMetrics() {
  const outcomes = counter(
    'webhook_deliveries_total',
    'Webhook attempts finished, by what became of their delivery (acknowledged, retry_scheduled, failed, cancelled).',
    ['outcome'],
  );
  const latency = histogram(
    'webhook_delivery_attempt_seconds',
    'Time one webhook POST took, by its result (acknowledged: a 2xx; refused: another status; no_answer).',
    ['result'],
  );
  return {
    attempted(result: AttemptResult, next: NextStep): void {
      outcomes.inc({ outcome: OUTCOME_OF[next.status] });
      const kind = result.acknowledged
        ? 'acknowledged'
        : result.statusCode === null
          ? 'no_answer'
          : 'refused';
      latency.observe({ result: kind }, result.durationMs / 1000);
    },
    cancelled(): void {
      outcomes.inc({ outcome: 'cancelled' });
    },
  };
}

/**
 * `webhook_delivery_queue_depth` (deliveries due now and not yet attempted) and the outbox gauge every outbox
 * has, `outbox_oldest_pending_seconds{outbox="webhook-deliveries"}` (how late the longest-waiting one is): one
 * indexed read each per scrape. A retry waits from its due time, not its first attempt: the schedule is policy.
 */
export function observeDeliveryQueue(queue: DeliveryQueue, now: () => Date): void {
  gaugeOnScrape(
    'webhook_delivery_queue_depth',
    'Webhook deliveries due now (first attempts and retries) waiting for the dispatcher.',
    queue.dueCount,
  );
  observeOutboxAge('webhook-deliveries', queue.oldestDueAt, () => now().getTime());
}
