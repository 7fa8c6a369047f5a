import { createCounters, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { NO_SPENDING_LIMITS, type StoredKey } from '../domain/api-access/api-key';
import { type ApiKeyDocument, apiKeySchema } from './api-key.schema';

export type KeyChanges = Partial<
  Pick<StoredKey, 'name' | 'scopes' | 'ipAllowList' | 'expiresAt' | 'rateLimit' | 'spendingLimits'>
>;

export interface ApiKeyRepository {
  /** Stores a new key under the next `key_<n>`. */
  create(fields: Omit<StoredKey, 'id'>): Promise<StoredKey>;
  findById(id: string): Promise<StoredKey | null>;
  findByHash(hash: string): Promise<StoredKey | null>;
  /**
   * Every key of the clients, oldest first: for DeleteClient, which must revoke each one (a whole read on
   * purpose: a client's keys grow only by creations and rotations an administrator makes).
   */
  listByClients(clientIds: readonly number[]): Promise<StoredKey[]>;
  /** The client's newest `count` keys, newest first (what the consoles show of a client). */
  newestOfClient(clientId: number, count: number): Promise<StoredKey[]>;
  update(id: string, changes: KeyChanges): Promise<StoredKey | null>;
  /** Only for a key whose secret was never handed out (the loser of a rotation race). */
  remove(id: string): Promise<void>;
}

export function createApiKeyRepository(connection: Connection): ApiKeyRepository {
  const model = modelOn(connection, 'ApiKey', apiKeySchema);
  const counters = createCounters(connection);
  return {
    async create(fields) {
      const id = `key_${await counters.next('api_key')}`;
      await model.create({ _id: id, ...fields });
      return { id, ...fields };
    },
    async findById(id) {
      const doc = await model.findById(id).lean<ApiKeyDocument>();
      return doc ? toKey(doc) : null;
    },
    async findByHash(hash) {
      const doc = await model.findOne({ hash }).lean<ApiKeyDocument>();
      return doc ? toKey(doc) : null;
    },
    async listByClients(clientIds) {
      if (clientIds.length === 0) return [];
      const docs = await model
        .find({ clientId: { $in: [...clientIds] } })
        .sort({ createdAt: 1, _id: 1 })
        .lean<ApiKeyDocument[]>();
      return docs.map(toKey);
    },
    async newestOfClient(clientId, count) {
      const docs = await model
        .find({ clientId })
        .sort({ createdAt: -1, _id: -1 })
        .limit(count)
        .lean<ApiKeyDocument[]>();
      return docs.map(toKey);
    },
    async update(id, changes) {
      const doc = await model
        .findOneAndUpdate({ _id: id }, { $set: changes }, { new: true })
        .lean<ApiKeyDocument>();
      return doc ? toKey(doc) : null;
    },
    async remove(id) {
      await model.deleteOne({ _id: id });
    },
  };
}

function toKey(doc: ApiKeyDocument): StoredKey {
  return {
    id: doc._id,
    clientId: doc.clientId,
    name: doc.name ?? '',
    prefix: doc.prefix,
    hash: doc.hash,
    scopes: [...doc.scopes],
    environment: doc.environment,
    ipAllowList: [...(doc.ipAllowList ?? [])],
    expiresAt: doc.expiresAt ?? null,
    rateLimit: doc.rateLimit
      ? { limit: doc.rateLimit.limit, windowSeconds: doc.rateLimit.windowSeconds }
      : null,
    spendingLimits: doc.spendingLimits
      ? {
          dailyLimit: doc.spendingLimits.dailyLimit ?? null,
          perBookingLimit: doc.spendingLimits.perBookingLimit ?? null,
        }
      : NO_SPENDING_LIMITS,
    createdAt: doc.createdAt,
  };
}
