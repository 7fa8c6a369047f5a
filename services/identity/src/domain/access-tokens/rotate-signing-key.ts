import type { SigningKeyRepository } from '../../db/signing-key.repository';
import { newSigningKey, retiredKeysAt } from './signing-key-ring';

export interface RotateSigningKeyDeps {
  keys: SigningKeyRepository;
  /** The access-token lifetime: keys replaced longer ago than this (plus skew) are deleted. */
  tokenTtlSeconds: number;
  /** The new key is published at once and signs this many seconds later (SIGNING_KEY_ACTIVATION_SECONDS). */
  activationDelaySeconds: number;
  now: () => Date;
}

/**
 * Adds a new signing key, published now and signing from `activatesAt`; the key it replaces keeps verifying
 * the tokens it signed until they expire. Keys retired before this rotation are deleted (no live token names them).
 */
export function createRotateSigningKey(deps: RotateSigningKeyDeps) {
  return async function rotateSigningKey(): Promise<{ kid: string; activatesAt: Date; deleted: string[] }> {
    const at = deps.now();
    const existing = await deps.keys.all();
    // With no key yet, no token and no verifier waits for it: it signs at once.
    const delayMs = existing.length === 0 ? 0 : deps.activationDelaySeconds * 1000;
    const activatesAt = new Date(at.getTime() + delayMs);
    const key = newSigningKey(at, activatesAt);
    const deleted = retiredKeysAt(existing, at, deps.tokenTtlSeconds);
    await deps.keys.add(key);
    await deps.keys.remove(deleted);
    return { kid: key.kid, activatesAt, deleted };
  };
}
