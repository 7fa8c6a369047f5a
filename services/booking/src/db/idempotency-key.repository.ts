import { randomBytes } from 'node:crypto';
import { isDuplicateKeyError, modelOn } from '@travel/mongo';
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
   * Forgets a claim whose request failed, so that a retry runs again (errors are not remembered). Only
   * while the lease is still the caller's: a claim another retry took over is theirs to finish.
   */
  release(claim: IdempotencyClaim): Promise<void>;
  /** Deletes claims past their retention; how many. */
  sweepExpired(now: Date): Promise<number>;
}

const MAX_CLAIM_ROUNDS = 5;

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
  const findDoc = (scope: string) => model.findById(scope).lean<IdempotencyKeyDocument>();
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
        try {
          await model.create(doc);
          return { claimed: true, claim: toClaim(doc) };
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
        const existing = await findDoc(scope);
        if (existing && existing.expiresAt > now) return { claimed: false, existing: toClaim(existing) };
        // Expired but not yet swept (or released meanwhile): clear it and claim again.
        if (existing) await model.deleteOne({ _id: scope, attempt: existing.attempt });
      }
      throw new Error(`idempotency scope ${scope}: no claim after ${MAX_CLAIM_ROUNDS} rounds`);
    },
    async takeOver(claim, now) {
      // Not atomic on FerretDB: two retries may both win here. Harmless: both finish the same attempt,
      // and the unique attempt of the booking lets one insert land (the other replays it).
      const leaseUntil = new Date(now.getTime() + policy.leaseMs);
      const result = await model.updateOne(
        { _id: claim.scope, attempt: claim.attempt, leaseUntil: claim.leaseUntil },
        { $set: { leaseUntil } },
      );
      return result.modifiedCount === 1 ? { ...claim, leaseUntil } : null;
    },
    async release(claim) {
      await model.deleteOne({ _id: claim.scope, attempt: claim.attempt, leaseUntil: claim.leaseUntil });
    },
    async sweepExpired(now) {
      const result = await model.deleteMany({ expiresAt: { $lte: now } });
      return result.deletedCount;
    },
  };
}
