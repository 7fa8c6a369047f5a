import { createPeriodicJob, type PeriodicJob } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { currentTraceparent } from '@travel/tracing';
import type { OutgoingEvent } from './envelope';
import type { EventOutbox } from './event-outbox';
import { createOutboxRelay } from './outbox-relay';
import type { EventPublisher } from './publisher';

export interface WriteAheadOutboxOptions {
  /** The outbox's fixed name: its label in `outbox_oldest_pending_seconds`. */
  name: string;
  outbox: EventOutbox;
  publisher: EventPublisher;
  topic: string;
  /** How often the relay runs when nobody nudges it, backing off to ten times this while it finds nothing. */
  pollMs: number;
  /** How often a pass also scans the collection (another replica's events, a crash's). */
  rescanMs: number;
  /**
   * How long an event stored ahead of its write stays out of the scan: longer than any write takes, so the scan
   * never publishes before the write has landed or failed.
   */
  holdMs: number;
  logger: Logger;
}

export interface WriteAheadOutbox {
  /** The relay: started and stopped with the process. */
  job: PeriodicJob;
  /**
   * Stores `event`, held, then runs `write`; once it resolves the event is handed to the relay at once (nudged, so
   * it is published within a broker round trip while Kafka is up, and kept until it is back). A write that answers
   * `null` or `false` changed nothing: its event is dropped. One that throws leaves it to the scan after the hold:
   * the write may have landed, and an event without its fact is harmless here.
   */
  around<T>(event: OutgoingEvent, write: () => Promise<T>): Promise<T>;
  /** Stores `event` after its fact (whose id only its write gave) and hands it to the relay at once. */
  add(event: OutgoingEvent): Promise<void>;
}

/**
 * An outbox for events a write cannot carry in its own document (`createEventOutbox`), written ahead of the write
 * and released after it: no crash between the two loses the event, none publishes it before its fact is stored,
 * and nothing waits for Kafka. docs/decisions/events.md, "A write-ahead outbox".
 */
export function createWriteAheadOutbox(options: WriteAheadOutboxOptions): WriteAheadOutbox {
  const { outbox, logger, holdMs } = options;
  const relay = createOutboxRelay({
    name: options.name,
    source: outbox.source,
    publisher: options.publisher,
    topic: options.topic,
    rescanMs: options.rescanMs,
  });
  const job = createPeriodicJob({
    name: `${options.name}-relay`,
    everyMs: options.pollMs,
    // Every released event nudges it; idle, it backs off to ten polls (docs/decisions/events.md).
    idleMaxMs: 10 * options.pollMs,
    run: relay.run,
    logger,
  });
  const release = (event: OutgoingEvent) => {
    relay.written({ id: event.id, events: [event] });
    job.nudge();
  };
  return {
    job,
    async around(written, write) {
      const event = traced(written);
      await outbox.add(event, new Date(Date.now() + holdMs));
      const result = await write();
      if (result === null || result === false) {
        // Left behind, it would only be published after its hold: a spurious "read again".
        await outbox.drop(event.id).catch((error: unknown) => {
          logger.warn({ err: error, eventId: event.id }, 'an unneeded event stays in the outbox');
        });
      } else {
        release(event);
      }
      return result;
    },
    async add(written) {
      const event = traced(written);
      await outbox.add(event);
      release(event);
    },
  };
}

/** The event carries the trace of the work that wrote it, so the relay's later publish continues that trace. */
function traced(event: OutgoingEvent): OutgoingEvent {
  const traceparent = event.traceparent ?? currentTraceparent();
  return traceparent ? { ...event, traceparent } : event;
}
