import type { AuditOutbox, PendingAuditEntries } from '@travel/audit';
import { crashHook, createPeriodicJob, type PeriodicJob } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { encodeAuditRecorded } from './audit-records';
import type { OutboxEntry, OutboxSource } from './outbox-relay';
import { createOutboxRelay } from './outbox-relay';
import type { EventPublisher } from './publisher';
import { AUDIT_ENTRIES_TOPIC } from './topics';

/** The test-only crash points of every audit relay (`AUDIT_CRASH_AT` of `auditFields`, @travel/config). */
export type AuditCrashPoint = 'after-audited-write' | 'before-audit-clear';

export interface AuditRelayOptions {
  /** The service: its relay is `<service>-audit` in `outbox_oldest_pending_seconds{outbox}`. */
  service: string;
  outbox: AuditOutbox;
  publisher: EventPublisher;
  /** The service's `auditFields` (@travel/config). */
  config: { AUDIT_RELAY_POLL_MS: number; AUDIT_RELAY_RESCAN_MS: number; AUDIT_CRASH_AT?: AuditCrashPoint };
  logger: Logger;
}

/**
 * Publishes the audit entries a service's documents hold on `audit.entries`, then pulls them (and removes the
 * tombstones left empty): a crash between publishes again, identity records each entry id once. An audited
 * write nudges it, so an entry normally leaves within one broker round trip of its change.
 */
export function createAuditRelay(options: AuditRelayOptions): PeriodicJob {
  const { outbox, config } = options;
  const crash = crashHook(config.AUDIT_CRASH_AT);
  const relay = createOutboxRelay({
    name: `${options.service}-audit`,
    source: auditSource(outbox, crash),
    publisher: options.publisher,
    topic: AUDIT_ENTRIES_TOPIC,
    rescanMs: config.AUDIT_RELAY_RESCAN_MS,
  });
  const job = createPeriodicJob({
    name: 'audit-relay',
    everyMs: config.AUDIT_RELAY_POLL_MS,
    run: relay.run,
    logger: options.logger,
  });
  outbox.onWritten(() => {
    crash('after-audited-write');
    // The writer names no entry: the indexed scan finds what it wrote, at once.
    relay.scanNext();
    job.nudge();
  });
  return job;
}

/** The outbox as the generic relay reads it: one outbox entry per document, its audit entries as events. */
function auditSource(outbox: AuditOutbox, crash: (point: AuditCrashPoint) => void): OutboxSource {
  const read = new WeakMap<OutboxEntry, PendingAuditEntries>();
  return {
    async withPending(limit) {
      // Oldest change first across documents and collections: two records' entries of one target (a gateway
      // and the default naming it) read in one pass reach the log in the order they were made.
      const oldestFirst = (await outbox.pending(limit)).sort((a, b) => firstAt(a) - firstAt(b));
      return oldestFirst.map((pending) => {
        const entry: OutboxEntry = {
          id: `${pending.collection}/${String(pending.documentId)}`,
          events: pending.entries.map(encodeAuditRecorded),
        };
        read.set(entry, pending);
        return entry;
      });
    },
    async clear(published) {
      crash('before-audit-clear');
      await outbox.clear(published.flatMap((entry) => read.get(entry) ?? []));
    },
  };
}

/** When the oldest entry a document holds was made (entries are pushed in order). */
function firstAt(pending: PendingAuditEntries): number {
  return Math.min(...pending.entries.map((entry) => new Date(entry.at).getTime()));
}
