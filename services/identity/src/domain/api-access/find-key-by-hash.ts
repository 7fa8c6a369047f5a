import type { KeyEnvironment } from '@travel/api-keys';
import type { ClientStatus } from './api-client';
import { type RateLimit, revokedAtOf, type SpendingLimits } from './api-key';
import type { KeyChangeDeps } from './key-views';

/** What a gateway caches to verify a key and apply its limits (the KeyAuthRecord message). */
export interface KeyAuthRecord {
  keyId: string;
  clientId: number;
  clientName: string;
  tenantId: string | null;
  clientStatus: ClientStatus;
  environment: KeyEnvironment;
  scopes: string[];
  ipAllowList: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  rateLimit: RateLimit | null;
  spendingLimits: SpendingLimits;
}

export type FindKeyByHashDeps = Pick<KeyChangeDeps, 'clients' | 'keys' | 'revocations'>;

/**
 * The gateway's lookup, by the unique hash index. Revoked and expired keys are found with their dates
 * (the gateway decides at each request); a deleted client's keys are not found at all.
 */
export function createFindKeyByHash({ clients, keys, revocations }: FindKeyByHashDeps) {
  return async function findKeyByHash(hash: string): Promise<KeyAuthRecord | null> {
    const key = await keys.findByHash(hash);
    if (!key) return null;
    const [client, stops] = await Promise.all([
      clients.findById(key.clientId),
      revocations.listForKeys([key.id]),
    ]);
    if (!client) return null;
    return {
      keyId: key.id,
      clientId: client.id,
      clientName: client.name,
      tenantId: client.tenantId,
      clientStatus: client.status,
      environment: key.environment,
      scopes: key.scopes,
      ipAllowList: key.ipAllowList,
      expiresAt: key.expiresAt,
      revokedAt: revokedAtOf(stops),
      rateLimit: key.rateLimit,
      spendingLimits: key.spendingLimits,
    };
  };
}
