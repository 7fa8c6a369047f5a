import { AppError, badRequest } from '@travel/errors';
import type { KeyChanges } from '../../db/api-key.repository';
import { auditActorOf, entryOf } from '../audit/audit';
import type { StaffActor } from '../staff/staff';
import type { ApiKeyView, RateLimit } from './api-key';
import { keySettingsProblems, normaliseAllowList, normaliseScopes } from './key-settings';
import { assertManages, findManagedKey, type KeyChangeDeps, keyViewOfOne } from './key-views';

/** A partial change: absent fields stay; `expiresAt`/`rateLimit` null clear the setting. */
export interface UpdateKeyInput {
  actor: StaffActor;
  id: string;
  name?: string | undefined;
  scopes?: string[] | undefined;
  ipAllowList?: string[] | undefined;
  expiresAt?: Date | null | undefined;
  rateLimit?: RateLimit | null | undefined;
}

/** Changes a key's name, scopes, allow-list, expiry or rate limit, with its audit entry. A revoked key is final. */
export function createUpdateKey({ clients, keys, revocations, changes, now }: KeyChangeDeps) {
  return async function updateKey(input: UpdateKeyInput): Promise<ApiKeyView> {
    const at = now();
    const problems = keySettingsProblems(input, at);
    if (problems.length > 0) throw badRequest(problems);
    const { key, client } = await findManagedKey({ keys, clients }, input.id);
    assertManages(input.actor, client, 'API key');
    if ((await keyViewOfOne(key, revocations, at)).status === 'revoked') {
      throw new AppError('conflict', 'A revoked key cannot be changed.');
    }
    const wanted = changesOf(input);
    if (Object.keys(wanted).length === 0) return keyViewOfOne(key, revocations, at);
    const entry = entryOf(
      {
        ...auditActorOf(input.actor),
        action: 'api_key.updated',
        target: { type: 'api_key', id: key.id },
        details: { ...wanted },
      },
      at,
    );
    const updated = await changes.announcing('api_key', key.id, () => keys.update(key.id, wanted, entry));
    if (!updated) throw new AppError('not_found', 'No such API key.');
    return keyViewOfOne(updated, revocations, at);
  };
}

function changesOf(input: UpdateKeyInput): KeyChanges {
  const changes: KeyChanges = {};
  if (input.name !== undefined) changes.name = input.name.trim();
  if (input.scopes !== undefined) changes.scopes = normaliseScopes(input.scopes);
  if (input.ipAllowList !== undefined) changes.ipAllowList = normaliseAllowList(input.ipAllowList);
  if (input.expiresAt !== undefined) changes.expiresAt = input.expiresAt;
  if (input.rateLimit !== undefined) changes.rateLimit = input.rateLimit;
  return changes;
}
