import { randomBytes } from 'node:crypto';
import { insertWholeIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { type IdempotencyKeyDocument, idempotencyKeySchema } from './idempotency-key.schema';

export interface IdempotencyClaim {
  scope: string;
  fingerprint: string;
  attempt: string;
  leaseUntil: Date;
}

export type ClaimResult =
  | { claimed: true; claim: IdempotencyClaim }
  | { claimed: false; existing: IdempotencyClaim };

export interface IdempotencyKeys {
  /** The live claim of a scope; one past its retention counts as absent. */
  find(scope: string, now: Date): Promise<IdempotencyClaim | null>;
  /** Claims a scope by inserting it; when someone holds it already, their claim. */
  claim(scope: string, fingerprint: string, now: Date): Promise<ClaimResult>;
  /** Renews the lease of a claim whose first request died: the claim now held, or null if another retry won. */
  takeOver(claim: IdempotencyClaim, now: Date): Promise<IdempotencyClaim | null>;
  /**
   * Extends the lease of a claim its holder is still working on: the claim now held, or null when the lease
   * is no longer this holder's (it lapsed and a retry took it over).
   */
  renew(claim: IdempotencyClaim, now: Date): Promise<IdempotencyClaim | null>;
  /**
   * Forgets a claim whose request failed, so that a retry runs again (errors are not remembered). Only
   * while the lease is still the caller's: a claim another retry took over is theirs to finish.
   */
  release(claim: IdempotencyClaim): Promise<void>;
}

const MAX_CLAIM_ROUNDS = 5;

/**
 * The claims of one service's idempotent operations (`idempotency_keys` in its own database). `leaseMs` is how
 * long a claim outlives its holder's last renewal; `retentionMs` how long a key is remembered (48 h).
 */
export function createIdempotencyKeys(
  connection: Connection,
  policy: { leaseMs: number; retentionMs: number },
): IdempotencyKeys {
  const model = modelOn(connection, 'IdempotencyKey', idempotencyKeySchema);
  const toClaim = (doc: IdempotencyKeyDocument): IdempotencyClaim => ({
    scope: doc._id,
    fingerprint: doc.fingerprint,
    attempt: doc.attempt,
    leaseUntil: doc.leaseUntil,
  });
  // Through the driver: every replay reads its key.
  const findDoc = (scope: string) =>
    model.collection.findOne<IdempotencyKeyDocument>({ _id: scope } as object);
  async function extend(claim: IdempotencyClaim, now: Date): Promise<IdempotencyClaim | null> {
    const doc = await model
      .findOneAndUpdate(
        { _id: claim.scope, attempt: claim.attempt, leaseUntil: claim.leaseUntil },
        { $set: { leaseUntil: new Date(now.getTime() + policy.leaseMs) } },
        { new: true },
      )
      .lean<IdempotencyKeyDocument>();
    return doc ? toClaim(doc) : null;
  }
  return {
    async find(scope, now) {
      const doc = await findDoc(scope);
      return doc && doc.expiresAt > now ? toClaim(doc) : null;
    },
    async claim(scope, fingerprint, now) {
      for (let round = 0; round < MAX_CLAIM_ROUNDS; round++) {
        const doc: IdempotencyKeyDocument = {
          _id: scope,
          fingerprint,
          attempt: randomBytes(12).toString('base64url'),
          leaseUntil: new Date(now.getTime() + policy.leaseMs),
          createdAt: now,
          expiresAt: new Date(now.getTime() + policy.retentionMs),
        };
        // A unique insert decides the race. Not an upsert: the embedded store (secantusd 0.5.3-beta.196) may tell
        // several racing upserts of one new `_id` that each inserted it (one document is stored). Through
        // the driver: the document is built whole here.
        if (await insertWholeIfAbsent(model, doc)) return { claimed: true, claim: toClaim(doc) };
        const existing = await findDoc(scope);
        if (!existing) continue; // released meanwhile: claim again
        if (existing.expiresAt > now) return { claimed: false, existing: toClaim(existing) };
        // Past its retention but not yet deleted by the TTL index: clear it and claim again.
        await model.deleteOne({ _id: scope, attempt: existing.attempt });
      }
      throw new Error(`idempotency scope ${scope}: no claim after ${MAX_CLAIM_ROUNDS} rounds`);
    },
    // One conditional update: of racing retries exactly one finds the lease it saw expire, and renews it;
    // a holder renewing its own lease finds it only while no retry took it over.
    takeOver: extend,
    renew: extend,
    async release(claim) {
      await model.deleteOne({ _id: claim.scope, attempt: claim.attempt, leaseUntil: claim.leaseUntil });
    },
  };
}
