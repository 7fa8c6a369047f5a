import type { booking } from '@travel/contracts';
import { badRequest } from '@travel/errors';
import { type IdempotencyRunner, idempotencyKeyProblems, type Outcome } from '@travel/idempotency';
import type { Booking } from './booking';

/** One cancel as the idempotent runner needs it: its effect carries the attempt (`cancelAttempt`). */
export interface CancelWork<T> {
  /** Cancels, writing `attempt` with the status in the same conditional update (none without a key). */
  cancel(attempt: string | undefined): Promise<T>;
  /** The booking this attempt cancelled, or null. */
  cancelledBy(attempt: string): Promise<Booking | null>;
  /** The answer of the cancel that landed (finishing a refund a crash left pending, for the storefront). */
  replay(cancelled: Booking): Promise<T>;
}

/**
 * A cancel (partner, storefront, staff) with an optional `Idempotency-Key` (docs/idempotency.md): without
 * one it runs as it always did (a second cancel is `409`); with one, the first request's `200` is answered
 * again to a retry, even after the booking was cancelled by it, and a retry while it runs is
 * `409 idempotency_key_in_use`. `owner` names whose key it is (`<clientId>:<live|test>`, `customer:<id>`,
 * `staff:<tenant>`), so keys of the cancel never meet those of a create.
 */
export function createCancelIdempotently(deps: { idempotency: IdempotencyRunner }) {
  return async <T>(
    key: booking.IdempotencyKey | undefined,
    owner: string,
    work: CancelWork<T>,
  ): Promise<Outcome<T>> => {
    if (!key) return { value: await work.cancel(undefined), replayed: false };
    checkKey(key);
    return deps.idempotency.perform(
      { scope: `cancel:${owner}:${key.key}`, fingerprint: key.requestFingerprint },
      {
        find: work.cancelledBy,
        replay: work.replay,
        run: (lease) => work.cancel(lease.attempt),
      },
    );
  };
}

export type CancelIdempotently = ReturnType<typeof createCancelIdempotently>;

function checkKey(key: booking.IdempotencyKey): void {
  const problems = idempotencyKeyProblems(key.key, key.requestFingerprint);
  if (problems.length > 0) throw badRequest(problems);
}
