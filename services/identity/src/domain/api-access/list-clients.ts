import type { StaffActor } from '../staff/staff';
import { tenantScopeOf } from '../staff/tenant-scope';
import type { ApiClient } from './api-client';
import type { ApiKeyView } from './api-key';
import { type KeyChangeDeps, keyViewsOf } from './key-views';

export interface ClientWithKeys extends ApiClient {
  keys: ApiKeyView[];
}

export type ListClientsDeps = Pick<KeyChangeDeps, 'clients' | 'keys' | 'revocations' | 'now'>;

/** Every client with its keys (never a secret or hash); tenant staff and the API console see one tenant's. */
export function createListClients({ clients, keys, revocations, now }: ListClientsDeps) {
  return async function listClients(input: {
    actor: StaffActor;
    tenantId?: string | undefined;
  }): Promise<ClientWithKeys[]> {
    const scope = tenantScopeOf(input.actor, input.tenantId);
    if (!scope) return [];
    const found = await clients.list(scope);
    const views = await keyViewsOf(
      await keys.listByClients(found.map((client) => client.id)),
      revocations,
      now(),
    );
    return found.map((client) => ({ ...client, keys: views.filter((key) => key.clientId === client.id) }));
  };
}
