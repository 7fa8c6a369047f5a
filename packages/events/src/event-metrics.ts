import { counter, gauge, gaugeOnScrape } from '@travel/metrics';
import type { ParkedEventStore } from './parked-events';
import type { ParkReason } from './retry-budget';

/** How one consumed message ended: handled, skipped as already handled, parked, or one failed run that is retried. */
export type ConsumeOutcome = 'handled' | 'duplicate' | 'parked' | 'failed';

// Topics are the plain names of topics.ts (the namespace of a copy of the platform is left out), groups the
// fixed ids of each service's consumers: both bounded.
const consumed = () =>
  counter('kafka_consumer_events_total', 'Events a consumer group took from a topic, by outcome.', [
    'group',
    'topic',
    'outcome',
  ]);
const lag = () =>
  gauge(
    'kafka_consumer_lag',
    'Messages of a partition not yet handled by this consumer, as of its last handled message.',
    ['group', 'topic', 'partition'],
  );
const retries = () =>
  counter(
    'kafka_consumer_retries_total',
    'Failed handler runs of an event that the group runs again in place.',
    ['group', 'topic'],
  );
const parkedTotal = () =>
  counter(
    'kafka_consumer_parked_total',
    'Events a consumer group parked, by reason (poison, budget, blocked).',
    ['group', 'topic', 'reason'],
  );
const produced = () =>
  counter('kafka_producer_events_total', 'Events this process published and the broker acknowledged.', [
    'topic',
  ]);

/**
 * The counters of one consumer group, and `kafka_consumer_parked_events{group}`: its events still parked,
 * counted in its store on scrape (an indexed count; replays and discards through any replica show at once).
 */
export function consumerMetrics(group: string, store: ParkedEventStore) {
  const outcomes = consumed();
  const lags = lag();
  const retried = retries();
  const parked = parkedTotal();
  gaugeOnScrape(
    'kafka_consumer_parked_events',
    'Events a consumer group parked that are not yet replayed or discarded.',
    () => store.countParked(group),
    { group },
  );
  const reported = new Map<string, { group: string; topic: string; partition: string }>();
  return {
    consumed(topic: string, outcome: ConsumeOutcome): void {
      outcomes.inc({ group, topic, outcome });
    },
    /** A failed run that will run again (its last run, when it parks, counts as `parked` instead). */
    retried(topic: string): void {
      retried.inc({ group, topic });
      outcomes.inc({ group, topic, outcome: 'failed' });
    },
    parked(topic: string, reason: ParkReason): void {
      parked.inc({ group, topic, reason });
      outcomes.inc({ group, topic, outcome: 'parked' });
    },
    /** After a message at `offset` is handled, with the partition's high watermark from its batch. */
    handledUpTo(topic: string, partition: number, offset: string, highWatermark: string): void {
      const labels = { group, topic, partition: String(partition) };
      reported.set(`${topic}/${partition}`, labels);
      lags.set(labels, Math.max(0, Number(highWatermark) - Number(offset) - 1));
    },
    /** A rebalance moved partitions: those this member no longer holds stop reporting a stale lag. */
    forgetLag(): void {
      for (const labels of reported.values()) lags.remove(labels);
      reported.clear();
    },
  };
}

export function countProduced(topic: string, events: number): void {
  if (events > 0) produced().inc({ topic }, events);
}
