import { AppError } from '@travel/errors';
import { auditActorOf } from '../audit/audit';
import { assertPlatformStaff } from '../staff/platform-staff';
import type { StaffActor } from '../staff/staff';
import type { KeyChangeDeps } from './key-views';

/**
 * Deletes a client and revokes all its keys at once. The client is marked first: from then on its keys
 * are unknown to FindKeyByHash, even a key a concurrent rotation adds; the revocations keep the record.
 */
export function createDeleteClient({ clients, keys, revocations, audit, changes, now }: KeyChangeDeps) {
  return async function deleteClient(input: { actor: StaffActor; id: number }) {
    assertPlatformStaff(input.actor);
    const client = await clients.findById(input.id);
    if (!client) throw new AppError('not_found', 'No such API client.');
    const at = now();
    const owned = await changes.announcing('api_client', String(client.id), async () => {
      await clients.markDeleted(client.id, at);
      const keysOfClient = await keys.listByClients([client.id]);
      for (const key of keysOfClient) {
        await revocations.claim({ keyId: key.id, reason: 'revoke', revokedAt: at, replacedBy: null }, at);
      }
      return keysOfClient;
    });
    await audit.record({
      ...auditActorOf(input.actor),
      action: 'api_client.deleted',
      target: { type: 'api_client', id: String(client.id) },
      details: { name: client.name, tenantId: client.tenantId, revokedKeys: owned.map((key) => key.id) },
    });
  };
}
