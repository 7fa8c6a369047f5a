import { randomBytes } from 'node:crypto';
import { insertWholeIfAbsent, modelOn } from '@travel/mongo';
import type { Connection, mongo } from 'mongoose';
import type { AttemptRecord } from '../domain/deliveries/delivery';
import { type RedeliveryKeyDocument, redeliveryKeySchema } from './redelivery-key.schema';

export interface RedeliveryClaim {
  scope: string;
  deliveryId: string;
  token: string;
  leaseUntil: Date;
  attempt?: AttemptRecord;
}

export type RedeliveryClaimResult =
  | { claimed: true; claim: RedeliveryClaim }
  | { claimed: false; existing: RedeliveryClaim };

export interface RedeliveryKeys {
  /** Claims a key for a delivery by inserting it; when it is held already (and live), the holder's claim. */
  claim(scope: string, deliveryId: string, now: Date): Promise<RedeliveryClaimResult>;
  /** Renews the lease of a claim whose request died; null when another retry took it first. */
  takeOver(claim: RedeliveryClaim, now: Date): Promise<RedeliveryClaim | null>;
  /** Keeps the attempt the claim made: retries with the key answer it from now on. */
  complete(claim: RedeliveryClaim, attempt: AttemptRecord): Promise<void>;
  /** Forgets a claim whose request failed before an attempt was made (errors are not remembered). */
  release(claim: RedeliveryClaim): Promise<void>;
}

const MAX_CLAIM_ROUNDS = 5;

/** A redelivery's `Idempotency-Key` is remembered as long as a booking's (48 hours). */
export const REDELIVERY_KEY_RETENTION_MS = 48 * 3_600_000;

export function createRedeliveryKeys(
  connection: Connection,
  policy: { leaseMs: number; retentionMs: number },
): RedeliveryKeys {
  const model = modelOn(connection, 'WebhookRedeliveryKey', redeliveryKeySchema);
  const raw = model.collection as unknown as mongo.Collection<RedeliveryKeyDocument>;
  const toClaim = (doc: RedeliveryKeyDocument): RedeliveryClaim => ({
    scope: doc._id,
    deliveryId: doc.deliveryId,
    token: doc.token,
    leaseUntil: doc.leaseUntil,
    ...(doc.attempt ? { attempt: doc.attempt } : {}),
  });
  const newToken = () => randomBytes(12).toString('base64url');
  return {
    async claim(scope, deliveryId, now) {
      for (let round = 0; round < MAX_CLAIM_ROUNDS; round++) {
        const doc: RedeliveryKeyDocument = {
          _id: scope,
          deliveryId,
          token: newToken(),
          leaseUntil: new Date(now.getTime() + policy.leaseMs),
          createdAt: now,
          expiresAt: new Date(now.getTime() + policy.retentionMs),
        };
        // A unique insert decides the race (not an upsert: see booking's idempotency keys).
        if (await insertWholeIfAbsent(model, doc)) return { claimed: true, claim: toClaim(doc) };
        const existing = await raw.findOne({ _id: scope });
        if (!existing) continue; // released meanwhile: claim again
        if (existing.expiresAt > now) return { claimed: false, existing: toClaim(existing) };
        await raw.deleteOne({ _id: scope, token: existing.token });
      }
      throw new Error(`redelivery key ${scope}: no claim after ${MAX_CLAIM_ROUNDS} rounds`);
    },
    async takeOver(claim, now) {
      const renewed = { token: newToken(), leaseUntil: new Date(now.getTime() + policy.leaseMs) };
      const result = await raw.updateOne(
        { _id: claim.scope, token: claim.token, leaseUntil: claim.leaseUntil, attempt: { $exists: false } },
        { $set: renewed },
      );
      return result.modifiedCount === 1 ? { ...claim, ...renewed } : null;
    },
    async complete(claim, attempt) {
      await raw.updateOne({ _id: claim.scope, token: claim.token }, { $set: { attempt } });
    },
    async release(claim) {
      await raw.deleteOne({ _id: claim.scope, token: claim.token, attempt: { $exists: false } });
    },
  };
}
