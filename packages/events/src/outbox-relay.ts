import { observeOutboxAge } from '@travel/metrics';
import type { OutgoingEvent } from './envelope';
import type { EventPublisher } from './publisher';

/** One document of the outbox and the events it holds, in the order they were written. */
export interface OutboxEntry {
  /** The document's `_id`. */
  id: string;
  events: OutgoingEvent[];
}

/** The documents of one collection that carry events waiting to be published (the outbox pattern). */
export interface OutboxSource {
  /**
   * Documents with waiting events, oldest first, at most `limit`: the safety net for what nobody told the
   * relay (another replica's writes, a crash's). Served by an index of pending documents only, so it is cheap.
   */
  withPending(limit: number): Promise<OutboxEntry[]>;
  /**
   * The broker acknowledged these events: stop holding them, in one write (`_id: { $in }`), and only them:
   * an event a document received after it was read stays pending.
   */
  clear(published: OutboxEntry[]): Promise<void>;
}

export interface OutboxRelayOptions {
  /** The outbox's fixed name (`booking`, `billing-invoices`): its label in `outbox_oldest_pending_seconds`. */
  name: string;
  source: OutboxSource;
  publisher: EventPublisher;
  topic: string;
  /** How often a pass also scans for documents nobody told it about (another replica's, a crash's). */
  rescanMs: number;
  now?: () => number;
  /** Documents per producer send and per clear (default 500). */
  batch?: number;
  /** Told documents remembered while the broker refuses (default 20 batches); beyond it the scan finds them. */
  maxTold?: number;
}

export interface OutboxRelay {
  /**
   * One pass: everything told since the last pass (one producer send and one clear per `batch`), then,
   * every `rescanMs`, a scan for the rest. Never run two at once (a periodic job runs it). Answers whether it
   * published anything, so its job can back off while idle (`idleMaxMs` of `createPeriodicJob`).
   */
  run(): Promise<boolean>;
  /**
   * A document was just written with these events (all it holds pending, in order): relay them at the next
   * pass without reading them back. A document told twice keeps one entry, its events in order.
   */
  written(entry: OutboxEntry): void;
  /** Something was written whose events the writer does not hold at hand: the next pass scans. */
  scanNext(): void;
}

/**
 * Publishes what the source's documents hold, waits for the broker, then clears it: a crash in between
 * publishes again (consumers de-duplicate on the event id), nothing is cleared unacknowledged. The writer
 * tells the relay what it wrote, events included, so the fast path costs one send and one clear per pass
 * however many documents were written; the indexed scan catches what was not told. One document's events
 * go out in the order they were written, in one send, keyed alike, so they keep their order on the topic.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { source, publisher, topic } = options;
  const now = options.now ?? Date.now;
  const batchSize = options.batch ?? 500;
  const maxTold = options.maxTold ?? 20 * batchSize;
  let told = new Map<string, OutgoingEvent[]>(); // in the order first told
  let lastScan = Number.NEGATIVE_INFINITY;
  // Set by scanNext(): a scan already under way may have read before that write, so the next pass scans too.
  let scanAsked = false;
  observeRelayAge(options.name, source, now);

  const tell = (into: Map<string, OutgoingEvent[]>, { id, events }: OutboxEntry) => {
    const held = into.get(id) ?? [];
    const known = new Set(held.map((event) => event.id));
    into.set(id, [...held, ...events.filter((event) => !known.has(event.id))]);
  };

  /** Events just published need not go again when they were also told meanwhile (a scan found them). */
  const forget = (published: OutboxEntry[]) => {
    for (const { id, events } of published) {
      const held = told.get(id);
      if (!held) continue;
      const sent = new Set(events.map((event) => event.id));
      const rest = held.filter((event) => !sent.has(event.id));
      if (rest.length > 0) told.set(id, rest);
      else told.delete(id);
    }
  };

  async function relay(batch: OutboxEntry[]): Promise<void> {
    await publisher.publish(
      topic,
      batch.flatMap(({ events }) => events),
    );
    await source.clear(batch);
    forget(batch);
  }

  /** Answers whether it had anything to publish. */
  async function relayTold(): Promise<boolean> {
    const taken = [...told].map(([id, events]) => ({ id, events }));
    told = new Map();
    for (let i = 0; i < taken.length; i += batchSize) {
      try {
        await relay(taken.slice(i, i + batchSize));
      } catch (error) {
        // Not acknowledged: these go first at the next pass, before anything told since.
        const newer = told;
        told = new Map();
        for (const entry of [...taken.slice(i), ...[...newer].map(([id, events]) => ({ id, events }))])
          tell(told, entry);
        throw error;
      }
    }
    return taken.length > 0;
  }

  /** Answers whether it found anything to publish. */
  async function scan(): Promise<boolean> {
    for (let found = false; ; found = true) {
      const batch = await source.withPending(batchSize);
      if (batch.length > 0) await relay(batch);
      if (batch.length < batchSize) return found || batch.length > 0;
    }
  }

  return {
    async run() {
      const published = await relayTold();
      if (now() - lastScan < options.rescanMs) return published;
      scanAsked = false;
      const scanned = await scan();
      if (!scanAsked) lastScan = now();
      return published || scanned;
    },
    written(entry) {
      if (entry.events.length === 0) return;
      if (told.size >= maxTold && !told.has(entry.id)) {
        // The broker has refused for a while: stop remembering, the pending documents are in the store.
        told = new Map();
        lastScan = Number.NEGATIVE_INFINITY;
        return;
      }
      tell(told, entry);
    },
    scanNext() {
      lastScan = Number.NEGATIVE_INFINITY;
      scanAsked = true;
    },
  };
}

/** The relay scans oldest first; the oldest event is among the first documents it would publish. */
const OLDEST_AMONG = 100;

/**
 * A relay's `outbox_oldest_pending_seconds{outbox}` (@travel/metrics): its oldest unacknowledged event, by when
 * it happened, read through the source's indexed scan of pending documents (empty while the relay keeps up).
 */
function observeRelayAge(outbox: string, source: OutboxSource, now: () => number): void {
  observeOutboxAge(
    outbox,
    async () => {
      const entries = await source.withPending(OLDEST_AMONG);
      const times = entries.flatMap(({ events }) =>
        events.flatMap((event) => event.occurredAt?.getTime() ?? []),
      );
      return times.length === 0 ? null : new Date(Math.min(...times));
    },
    now,
  );
}
