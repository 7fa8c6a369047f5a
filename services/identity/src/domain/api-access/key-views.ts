import { AppError } from '@travel/errors';
import type { ApiClientRepository } from '../../db/api-client.repository';
import type { ApiKeyRepository } from '../../db/api-key.repository';
import type { ApiKeyRevocationRepository } from '../../db/api-key-revocation.repository';
import type { IdentityChanges } from '../identity-changes';
import type { StaffActor } from '../staff/staff';
import { tenantScopeOf } from '../staff/tenant-scope';
import type { ApiClient } from './api-client';
import { type ApiKeyView, type KeyRevocation, keyViewOf, type StoredKey } from './api-key';

/** What the use cases that change clients and keys need: the stores (each write carries its audit entry), the announcer, a clock. */
export interface KeyChangeDeps {
  clients: ApiClientRepository;
  keys: ApiKeyRepository;
  revocations: ApiKeyRevocationRepository;
  changes: IdentityChanges;
  now: () => Date;
}

/** Keys as administrators see them, each with the state its revocations give it at `now`. */
export async function keyViewsOf(
  keys: readonly StoredKey[],
  revocations: ApiKeyRevocationRepository,
  now: Date,
): Promise<ApiKeyView[]> {
  const all = await revocations.listForKeys(keys.map((key) => key.id));
  const byKey = new Map<string, KeyRevocation[]>();
  for (const revocation of all)
    byKey.set(revocation.keyId, [...(byKey.get(revocation.keyId) ?? []), revocation]);
  return keys.map((key) => keyViewOf(key, byKey.get(key.id) ?? [], now));
}

export async function keyViewOfOne(
  key: StoredKey,
  revocations: ApiKeyRevocationRepository,
  now: Date,
): Promise<ApiKeyView> {
  const [view] = await keyViewsOf([key], revocations, now);
  if (!view) throw new Error(`no view computed for ${key.id}`);
  return view;
}

/** A key whose client still exists, else `not_found`: a deleted client's keys are gone for administrators too. */
export async function findManagedKey(
  repositories: { keys: ApiKeyRepository; clients: ApiClientRepository },
  id: string,
): Promise<{ key: StoredKey; client: ApiClient }> {
  const key = await repositories.keys.findById(id);
  const client = key ? await repositories.clients.findById(key.clientId) : null;
  if (!key || !client) throw new AppError('not_found', 'No such API key.');
  return { key, client };
}

/**
 * Platform staff manage every client's keys, tenant staff (their API console) only their own tenant's clients':
 * another tenant's client or key is `not_found`, as if it did not exist.
 */
export function assertManages(
  actor: StaffActor,
  client: ApiClient | null,
  what: string,
): asserts client is ApiClient {
  const scope = tenantScopeOf(actor, undefined);
  if (!client || !scope || (scope.tenantId !== undefined && client.tenantId !== scope.tenantId))
    throw new AppError('not_found', `No such ${what}.`);
}
