import { positiveInt } from './fields';
import { crashPoint } from './test-hooks';

/** Where the test-only `AUDIT_CRASH_AT` may stop a process: just after an audited write, or before its relay clears. */
export const AUDIT_CRASH_POINTS = ['after-audited-write', 'before-audit-clear'] as const;

/**
 * The audit relay of a service that records changes (docs/decisions/audit.md): entries wait in the changed
 * documents and are published on `audit.entries`. Pair `AUDIT_CRASH_AT` with `refusedInProduction`.
 */
export const auditFields = {
  /** A failed relay pass is tried again this often (an audited write nudges it at once). */
  AUDIT_RELAY_POLL_MS: positiveInt(1000),
  /** ...and scans for entries nobody told it about (a crash's, another replica's) this often. */
  AUDIT_RELAY_RESCAN_MS: positiveInt(30_000),
  /** Test-only fault hook: the process kills itself at this step of an audited change. Refused in production. */
  AUDIT_CRASH_AT: crashPoint(AUDIT_CRASH_POINTS),
};
