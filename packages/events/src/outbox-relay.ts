import type { OutgoingEvent } from './envelope';
import type { EventPublisher } from './publisher';

/** The documents of one collection that carry events waiting to be published (the outbox pattern). */
export interface OutboxSource {
  /** The events still waiting on this document, looked up by `_id`; empty when none. */
  pendingOf(id: string): Promise<OutgoingEvent[]>;
  /** Documents with waiting events, oldest first, at most `limit` (a scan: the safety net). */
  withPending(limit: number): Promise<Array<{ id: string; events: OutgoingEvent[] }>>;
  /** Their events were acknowledged by the broker: stop holding them. */
  clear(ids: string[]): Promise<void>;
}

export interface OutboxRelayOptions {
  source: OutboxSource;
  publisher: EventPublisher;
  topic: string;
  /** How often a pass also scans for documents nobody told it about (another replica's, a crash's). */
  rescanMs: number;
  now?: () => number;
}

export interface OutboxRelay {
  /** One pass: the documents it was told about, and every `rescanMs` a scan for the rest. */
  run(): Promise<void>;
  /** A document was just written with events: relay it at the next pass. */
  written(id: string): void;
}

const BATCH = 100;

/**
 * Publishes what the source's documents hold, waits for the broker, then clears it: a crash in between
 * publishes again (consumers de-duplicate on the event id), nothing is cleared unacknowledged. The fast
 * path reads told documents by `_id` (FerretDB's only indexed lookup); the scan runs now and then.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { source, publisher, topic } = options;
  const now = options.now ?? Date.now;
  const told = new Set<string>();
  let lastScan = Number.NEGATIVE_INFINITY;

  async function relay(batch: Array<{ id: string; events: OutgoingEvent[] }>) {
    await publisher.publish(
      topic,
      batch.flatMap(({ events }) => events),
    );
    await source.clear(batch.map(({ id }) => id));
  }

  return {
    async run() {
      for (const id of [...told]) {
        const events = await source.pendingOf(id);
        if (events.length > 0) await relay([{ id, events }]);
        told.delete(id); // only after a success: a failed publish stays told for the next pass
      }
      if (now() - lastScan < options.rescanMs) return;
      for (;;) {
        const batch = await source.withPending(BATCH);
        if (batch.length > 0) await relay(batch);
        if (batch.length < BATCH) break;
      }
      lastScan = now();
    },
    written(id) {
      told.add(id);
    },
  };
}
