import { positiveInt } from './fields';

/**
 * The idempotency keys of a service whose operations take `Idempotency-Key` (booking, billing;
 * docs/idempotency.md). The lease is renewed while the work runs, so it only bounds how long a retry waits
 * after its holder died; it must stay below the gateway's call deadline (`GRPC_DEADLINE_MS`, 5 s), so that a
 * retry after a timeout meets a replay, a `409 idempotency_key_in_use` with a `Retry-After` of at most the
 * lease, or a takeover: never a lease longer than the wait it was told.
 */
export const idempotencyFields = {
  /** How long a key is remembered (48 hours, as the API documents say). */
  IDEMPOTENCY_RETENTION_HOURS: positiveInt(48),
  /** How long a claim outlives its holder's last renewal (renewed every third of it while the work runs). */
  IDEMPOTENCY_LEASE_MS: positiveInt(3000),
};
