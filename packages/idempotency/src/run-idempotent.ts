import { AppError } from '@travel/errors';
import type { IdempotencyClaim, IdempotencyKeys } from './idempotency-keys';

/** What makes two requests "the same": whose key it is and which operation (`scope`), and the body's hash. */
export interface IdempotentRequest {
  scope: string;
  fingerprint: string;
}

/** The claim a piece of work holds while it runs, renewed in the background. */
export interface Lease {
  readonly attempt: string;
  /** The claim as last renewed. */
  current(): IdempotencyClaim;
  /** True once the lease may have passed to a retry (a renewal lost, or its time ran out). */
  lapsed(): boolean;
}

/**
 * One idempotent operation. Its effect is written with the attempt id in the same single-document write
 * (unique, or in the filter of a conditional update), so whichever request finishes an attempt (the first,
 * or a retry that took over after a crash) makes the effect once, and the effect itself is the stored answer.
 */
export interface IdempotentWork<R, T> {
  /** The record the attempt wrote, or null when it wrote none (yet). */
  find(attempt: string): Promise<R | null>;
  /** The answer from that record, for a replay; may finish what a crash left unfinished (idempotently). */
  replay(record: R): Promise<T>;
  /** Does the work under the lease; `takeover` when it continues the attempt of a request that died. */
  run(lease: Lease, takeover: boolean): Promise<T>;
}

export interface Outcome<T> {
  value: T;
  /** True when an earlier request with the key made the answer (`Idempotent-Replayed: true`). */
  replayed: boolean;
}

export interface IdempotencyRunnerDeps {
  keys: IdempotencyKeys;
  now: () => Date;
  /** How long a claim outlives its holder's last renewal; renewed every third of it while the work runs. */
  leaseMs: number;
  /** The crash tests' hook, called right after a claim landed. */
  crash?: (point: 'after-claim') => void;
}

/**
 * Idempotency as docs/idempotency.md states it, for every create and state change that moves money or a
 * booking: the first request claims the key (a unique insert) with a random attempt id and a short lease it
 * renews while it works; a request that finds the key with another body is `422 idempotency_key_reuse`; one
 * that finds the attempt's record replays it; one that finds no record and a live lease is
 * `409 idempotency_key_in_use` with `retryAfterSeconds` (the gateway's `Retry-After`); one that finds the
 * lease lapsed takes the claim over (exactly one racing retry wins) and finishes the same attempt. A failure
 * that wrote nothing releases the key, so a retry runs again (errors are not remembered).
 */
export function createIdempotencyRunner(deps: IdempotencyRunnerDeps) {
  const renewEveryMs = Math.max(25, Math.floor(deps.leaseMs / 3));

  function inUse(leaseUntil: Date | null): AppError {
    const leftMs = leaseUntil ? leaseUntil.getTime() - deps.now().getTime() : deps.leaseMs;
    const retryAfterSeconds = Math.max(1, Math.ceil(leftMs / 1000));
    return new AppError(
      'idempotency_key_in_use',
      `A request with this Idempotency-Key is still in progress; retry in ${retryAfterSeconds} s.`,
      null,
      { retryAfterSeconds },
    );
  }

  async function resume<R, T>(
    claim: IdempotencyClaim,
    request: IdempotentRequest,
    work: IdempotentWork<R, T>,
  ): Promise<Outcome<T>> {
    if (claim.fingerprint !== request.fingerprint) throw new AppError('idempotency_key_reuse');
    const record = await work.find(claim.attempt);
    if (record) return { value: await work.replay(record), replayed: true };
    if (claim.leaseUntil > deps.now()) throw inUse(claim.leaseUntil);
    // Its holder died before it wrote anything: this retry does the work, under the same attempt.
    const taken = await deps.keys.takeOver(claim, deps.now());
    if (!taken) throw inUse(null);
    return runHeld(taken, work, true);
  }

  async function runHeld<R, T>(
    claim: IdempotencyClaim,
    work: IdempotentWork<R, T>,
    takeover: boolean,
  ): Promise<Outcome<T>> {
    const lease = holdLease(claim);
    try {
      const value = await work.run(lease, takeover);
      await lease.stop();
      return { value, replayed: false };
    } catch (error) {
      await lease.stop();
      await forgetUnlessWritten(lease, work);
      throw error;
    }
  }

  /**
   * Releases the key of a failed attempt that wrote nothing, while the lease is still this holder's. One
   * that wrote its effect (or that cannot tell) keeps the key: a retry replays or finishes it.
   */
  async function forgetUnlessWritten<R, T>(lease: HeldLease, work: IdempotentWork<R, T>): Promise<void> {
    try {
      if (await work.find(lease.attempt)) return;
      await deps.keys.release(lease.current());
    } catch {
      // The store did not answer: the lease runs out and a retry decides.
    }
  }

  interface HeldLease extends Lease {
    stop(): Promise<void>;
  }

  function holdLease(first: IdempotencyClaim): HeldLease {
    let held = first;
    let lost = false;
    let renewing: Promise<void> = Promise.resolve();
    const renew = async () => {
      if (lost) return;
      try {
        const renewed = await deps.keys.renew(held, deps.now());
        if (renewed) held = renewed;
        else lost = true;
      } catch {
        // A slow store: the next tick tries again; meanwhile the lease may run out.
      }
    };
    const timer = setInterval(() => {
      renewing = renewing.then(renew);
    }, renewEveryMs);
    timer.unref();
    return {
      attempt: first.attempt,
      current: () => held,
      lapsed: () => lost || held.leaseUntil <= deps.now(),
      async stop() {
        clearInterval(timer);
        await renewing;
      },
    };
  }

  return {
    /** Runs the work once per key: the first request's answer, or a replay of it. */
    async perform<R, T>(request: IdempotentRequest, work: IdempotentWork<R, T>): Promise<Outcome<T>> {
      const result = await deps.keys.claim(request.scope, request.fingerprint, deps.now());
      if (!result.claimed) return resume(result.existing, request, work);
      deps.crash?.('after-claim');
      return runHeld(result.claim, work, false);
    },
    /**
     * The outcome of a key already claimed, or null when it is not: for a request refused before it claims
     * (a booking's offer token that no longer passes may still be a replay: the key decides first).
     */
    async ofExisting<R, T>(
      request: IdempotentRequest,
      work: IdempotentWork<R, T>,
    ): Promise<Outcome<T> | null> {
      const known = await deps.keys.find(request.scope, deps.now());
      return known ? resume(known, request, work) : null;
    },
  };
}

export type IdempotencyRunner = ReturnType<typeof createIdempotencyRunner>;
