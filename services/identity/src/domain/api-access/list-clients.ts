import { type PageQuery, readPage } from '@travel/paging';
import type { ApiClientRepository } from '../../db/api-client.repository';
import { DIRECTORY_PAGE, directoryCursors } from '../directory-pages';
import type { StaffActor } from '../staff/staff';
import { tenantScopeOf } from '../staff/tenant-scope';
import type { ApiClient } from './api-client';
import type { ApiKeyView } from './api-key';
import { type ShownKeysDeps, shownKeysOf } from './shown-keys';

export interface ClientWithKeys extends ApiClient {
  keys: ApiKeyView[];
}

export type ListClientsDeps = ShownKeysDeps & { clients: ApiClientRepository };

/**
 * One page of the clients in id order, each with its keys (never a secret or hash; its newest
 * `KEYS_SHOWN_PER_CLIENT`); tenant staff and the API console see one tenant's.
 */
export function createListClients(deps: ListClientsDeps) {
  return async function listClients(
    input: { actor: StaffActor; tenantId?: string | undefined } & PageQuery,
  ): Promise<{ items: ClientWithKeys[]; nextCursor?: string }> {
    const scope = tenantScopeOf(input.actor, input.tenantId);
    const page = await readPage(
      input,
      directoryCursors.clients,
      (after, count) => (scope ? deps.clients.list(scope, after, count) : Promise.resolve([])),
      (client) => client.id,
      DIRECTORY_PAGE,
    );
    const keys = await shownKeysOf(
      page.items.map((client) => client.id),
      deps,
    );
    return { ...page, items: page.items.map((client) => ({ ...client, keys: keys.get(client.id) ?? [] })) };
  };
}
