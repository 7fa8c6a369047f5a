import type { AuditEntry, AuditOutbox, PendingAuditEntries } from '@travel/audit';
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
    // Every audited write nudges it; idle, it backs off to ten polls (docs/decisions/audit.md).
    idleMaxMs: 10 * config.AUDIT_RELAY_POLL_MS,
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

/** The outbox as the generic relay reads it: runs of one document's audit entries, in the order they were made. */
function auditSource(outbox: AuditOutbox, crash: (point: AuditCrashPoint) => void): OutboxSource {
  const read = new WeakMap<OutboxEntry, PendingAuditEntries>();
  return {
    async withPending(limit) {
      return inOrderMade(await outbox.pending(limit)).map((run) => {
        const entry: OutboxEntry = {
          id: `${run.collection}/${String(run.documentId)}`,
          events: run.entries.map(encodeAuditRecorded),
        };
        read.set(entry, run);
        return entry;
      });
    },
    async clear(published) {
      crash('before-audit-clear');
      await outbox.clear(published.flatMap((entry) => read.get(entry) ?? []));
    },
  };
}

/**
 * The documents' entries merged oldest first, as runs of one document each: two records' entries of one
 * target (a gateway, and the default naming it) reach the log in the order they were made, even when one
 * pass reads both (created, updated, made default, deleted; not created, updated, deleted, made default).
 * One document's entries keep the order they were pushed in.
 */
export function inOrderMade(pending: PendingAuditEntries[]): PendingAuditEntries[] {
  const next = pending.map(() => 0);
  const headAt = (doc: number) => new Date(pending[doc]?.entries[next[doc] ?? 0]?.at ?? NaN).getTime();
  const runs: PendingAuditEntries[] = [];
  let runOf = -1;
  for (;;) {
    let oldest = -1;
    for (let doc = 0; doc < pending.length; doc += 1) {
      const waiting = (next[doc] ?? 0) < (pending[doc]?.entries.length ?? 0);
      if (waiting && (oldest < 0 || headAt(doc) < headAt(oldest))) oldest = doc;
    }
    const doc = pending[oldest];
    if (!doc) return runs;
    const entry = doc.entries[next[oldest] ?? 0] as AuditEntry;
    next[oldest] = (next[oldest] ?? 0) + 1;
    if (runOf === oldest) runs.at(-1)?.entries.push(entry);
    else runs.push({ collection: doc.collection, documentId: doc.documentId, entries: [entry] });
    runOf = oldest;
  }
}
