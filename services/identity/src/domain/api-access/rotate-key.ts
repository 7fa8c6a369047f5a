import { issueApiKey } from '@travel/api-keys';
import { AppError, badRequest } from '@travel/errors';
import { auditActorOf, entryOf } from '../audit/audit';
import type { StaffActor } from '../staff/staff';
import { tenantScopeOf } from '../staff/tenant-scope';
import type { ApiKeyView, StoredKey } from './api-key';
import type { KeyWithSecret } from './create-key';
import { graceProblems } from './key-settings';
import { findManagedKey, type KeyChangeDeps, keyViewOfOne, keyViewsOf } from './key-views';

export interface RotateKeyInput {
  actor: StaffActor;
  id: string;
  graceSeconds: number;
  /** The tenant API console's tenant: the key must belong to one of its clients. */
  tenantId?: string | undefined;
}

/**
 * Replaces a key with a new one of the same settings; the old key works for `graceSeconds` more.
 * A key is rotated once: the unique `<keyId>:rotate` claim decides between concurrent rotations, and
 * the loser deletes the key it prepared (its secret was never handed out). The winner's claim carries the
 * rotation's audit entry.
 */
export function createRotateKey(deps: KeyChangeDeps) {
  const { revocations, changes, now } = deps;
  return async function rotateKey(input: RotateKeyInput): Promise<KeyWithSecret & { previous: ApiKeyView }> {
    const at = now();
    const problems = graceProblems(input.graceSeconds);
    if (problems.length > 0) throw badRequest(problems);
    const old = await findRotatableKey(deps, input, at);
    const { fresh, secret } = await issueReplacement(deps, old, at);
    const revokedAt = new Date(at.getTime() + input.graceSeconds * 1000);
    const claim = { keyId: old.id, reason: 'rotate' as const, revokedAt, replacedBy: fresh.id };
    const entry = entryOf(
      {
        ...auditActorOf(input.actor),
        action: 'api_key.rotated',
        target: { type: 'api_key', id: old.id },
        details: { replacedBy: fresh.id, graceSeconds: input.graceSeconds, revokedAt },
      },
      at,
    );
    if (!(await changes.announcing('api_key', old.id, () => revocations.claim(claim, at, entry)))) {
      await deps.keys.remove(fresh.id);
      throw new AppError('conflict', 'This key has already been rotated.');
    }
    const [key, previous] = await keyViewsOf([fresh, old], revocations, at);
    if (!key || !previous) throw new Error('rotated keys vanished');
    return { key, secret, previous };
  };
}

/** A new key with the old one's name, scopes, environment, allow-list, expiry and rate limit. */
async function issueReplacement(deps: KeyChangeDeps, old: StoredKey, at: Date) {
  const issued = issueApiKey(old.environment);
  const { id: _id, hash: _hash, prefix: _prefix, createdAt: _createdAt, ...settings } = old;
  const fresh = await deps.keys.create({
    ...settings,
    prefix: issued.prefix,
    hash: issued.hash,
    createdAt: at,
  });
  return { fresh, secret: issued.secret };
}

/** The key, if the caller may rotate it and it still works: revoked, expired or rotated keys cannot be. */
async function findRotatableKey(deps: KeyChangeDeps, input: RotateKeyInput, at: Date): Promise<StoredKey> {
  const scope = tenantScopeOf(input.actor, input.tenantId);
  const { key, client } = await findManagedKey(deps, input.id);
  if (!scope || (scope.tenantId !== undefined && client.tenantId !== scope.tenantId)) {
    throw new AppError('not_found', 'No such API key.');
  }
  const view = await keyViewOfOne(key, deps.revocations, at);
  if (view.replacedBy) throw new AppError('conflict', 'This key has already been rotated.');
  if (view.status !== 'active') throw new AppError('conflict', `A ${view.status} key cannot be rotated.`);
  return key;
}
