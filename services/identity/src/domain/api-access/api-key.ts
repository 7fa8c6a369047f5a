import type { KeyEnvironment } from '@travel/api-keys';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** Whole rupees a key's bookings may reach: per UTC day, and per booking; null is no limit. */
export interface SpendingLimits {
  dailyLimit: number | null;
  perBookingLimit: number | null;
}

export const NO_SPENDING_LIMITS: SpendingLimits = { dailyLimit: null, perBookingLimit: null };

/** A key as stored: the secret is never kept, only its SHA-256 and the first characters. */
export interface StoredKey {
  id: string;
  clientId: number;
  name: string;
  prefix: string;
  hash: string;
  scopes: string[];
  environment: KeyEnvironment;
  ipAllowList: string[];
  expiresAt: Date | null;
  /** Null: the platform default applies. */
  rateLimit: RateLimit | null;
  /** Enforced by booking; a rotation copies them to the new key. */
  spendingLimits: SpendingLimits;
  createdAt: Date;
}

/**
 * Why and when a key stops working. Stored as claims (`<keyId>:revoke`, `<keyId>:rotate`), never as an
 * update of the key, so concurrent revocations and rotations are decided by a unique insert.
 */
export interface KeyRevocation {
  keyId: string;
  reason: 'revoke' | 'rotate';
  /** When the key stops: the moment of a revocation, or the end of a rotation's grace period. */
  revokedAt: Date;
  /** For a rotation, the key that replaced this one. */
  replacedBy: string | null;
}

export type KeyStatus = 'active' | 'revoked' | 'expired';

/** A key as administrators see it: never the secret, never its hash. */
export interface ApiKeyView extends Omit<StoredKey, 'hash'> {
  status: KeyStatus;
  revokedAt: Date | null;
  replacedBy: string | null;
}

/** The earliest of a key's revocations decides when it stops (a revocation can cut a grace period short). */
export function revokedAtOf(revocations: readonly KeyRevocation[]): Date | null {
  let earliest: Date | null = null;
  for (const { revokedAt } of revocations) {
    if (!earliest || revokedAt.getTime() < earliest.getTime()) earliest = revokedAt;
  }
  return earliest;
}

/** Computed at the moment of the answer: a key in its grace period is still active. */
export function keyStatusAt(key: { expiresAt: Date | null; revokedAt: Date | null }, now: Date): KeyStatus {
  if (key.revokedAt && key.revokedAt.getTime() <= now.getTime()) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export function keyViewOf(key: StoredKey, revocations: readonly KeyRevocation[], now: Date): ApiKeyView {
  const { hash: _hash, ...visible } = key;
  const revokedAt = revokedAtOf(revocations);
  const replacedBy = revocations.find((revocation) => revocation.reason === 'rotate')?.replacedBy ?? null;
  return {
    ...visible,
    revokedAt,
    replacedBy,
    status: keyStatusAt({ expiresAt: key.expiresAt, revokedAt }, now),
  };
}
