import { AppError } from '@travel/errors';
import { auditActorOf, entryOf } from '../audit/audit';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import type { KeyChangeDeps } from './key-views';

/**
 * Deletes a client and revokes all its keys at once. The client is marked first, with the audit entry in the
 * same write: from then on its keys are unknown to FindKeyByHash, even a key a concurrent rotation adds; the
 * revocations keep the record. The entry names the keys the client had when it was deleted.
 */
export function createDeleteClient({ clients, keys, revocations, changes, now }: KeyChangeDeps) {
  return async function deleteClient(input: { actor: StaffActor; id: number }) {
    assertPlatformStaff(input.actor);
    const client = await clients.findById(input.id);
    if (!client) throw new AppError('not_found', 'No such API client.');
    const at = now();
    const known = await keys.listByClients([client.id]);
    const entry = entryOf(
      {
        ...auditActorOf(input.actor),
        action: 'api_client.deleted',
        target: { type: 'api_client', id: String(client.id) },
        details: { name: client.name, tenantId: client.tenantId, revokedKeys: known.map((key) => key.id) },
      },
      at,
    );
    await changes.announcing('api_client', String(client.id), async () => {
      // A concurrent delete that marked it first revokes its keys and records the deletion itself.
      if (!(await clients.markDeleted(client.id, at, entry))) return null;
      for (const key of await keys.listByClients([client.id])) {
        await revocations.claim({ keyId: key.id, reason: 'revoke', revokedAt: at, replacedBy: null }, at);
      }
      return true;
    });
  };
}
