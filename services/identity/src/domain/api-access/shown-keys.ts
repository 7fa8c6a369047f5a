import type { Logger } from '@travel/logger';
import { noteCappedRead } from '@travel/metrics';
import { PAGE_SIZE } from '@travel/paging';
import type { ApiKeyRepository } from '../../db/api-key.repository';
import type { ApiKeyRevocationRepository } from '../../db/api-key-revocation.repository';
import type { ApiKeyView } from './api-key';
import { keyViewsOf } from './key-views';

/**
 * The most keys a console is shown of one client: its newest, the one page-size rule's largest page. Every
 * rotation leaves the old key behind (revoked), so a client's keys grow with its rotations; the ones past the
 * cap are revoked keys of long ago (usage still names them by id).
 */
export const KEYS_SHOWN_PER_CLIENT = PAGE_SIZE.max;

export interface ShownKeysDeps {
  keys: ApiKeyRepository;
  revocations: ApiKeyRevocationRepository;
  now: () => Date;
  logger: Logger;
}

/** The keys the consoles show of each client: its newest `KEYS_SHOWN_PER_CLIENT`, oldest of them first. */
export async function shownKeysOf(
  clientIds: readonly number[],
  { keys, revocations, now, logger }: ShownKeysDeps,
): Promise<Map<number, ApiKeyView[]>> {
  const newest = await Promise.all(
    clientIds.map(async (clientId) => {
      const found = await keys.newestOfClient(clientId, KEYS_SHOWN_PER_CLIENT + 1);
      if (found.length > KEYS_SHOWN_PER_CLIENT)
        noteCappedRead(logger, 'identity.client_keys', KEYS_SHOWN_PER_CLIENT, { clientId });
      return found.slice(0, KEYS_SHOWN_PER_CLIENT).reverse();
    }),
  );
  const views = await keyViewsOf(newest.flat(), revocations, now());
  return new Map(clientIds.map((id) => [id, views.filter((key) => key.clientId === id)]));
}
