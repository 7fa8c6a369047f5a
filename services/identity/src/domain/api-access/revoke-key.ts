import { auditActorOf, entryOf } from '../audit/audit';
import type { StaffActor } from '../staff/staff';
import type { ApiKeyView } from './api-key';
import { assertManages, findManagedKey, type KeyChangeDeps, keyViewOfOne } from './key-views';

/**
 * Stops a key now, also one in a rotation's grace period. Idempotent: a revoked key keeps its first
 * revocation time; of two concurrent revocations the unique claim lets one through, and only its claim
 * carries the audit entry.
 */
export function createRevokeKey({ clients, keys, revocations, changes, now }: KeyChangeDeps) {
  return async function revokeKey(input: { actor: StaffActor; id: string }): Promise<ApiKeyView> {
    const at = now();
    const { key, client } = await findManagedKey({ keys, clients }, input.id);
    assertManages(input.actor, client, 'API key');
    const before = await keyViewOfOne(key, revocations, at);
    if (before.status === 'revoked') return before;
    const entry = entryOf(
      {
        ...auditActorOf(input.actor),
        action: 'api_key.revoked',
        target: { type: 'api_key', id: key.id },
        details: { clientId: key.clientId, prefix: key.prefix },
      },
      at,
    );
    // The loser of two concurrent revocations withdraws its notice: the winner's was stored before its claim.
    await changes.announcing('api_key', key.id, () =>
      revocations.claim({ keyId: key.id, reason: 'revoke', revokedAt: at, replacedBy: null }, at, entry),
    );
    return keyViewOfOne(key, revocations, at);
  };
}
