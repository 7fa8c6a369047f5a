import { type AuditEntry, type AuditOutbox, auditOf, createAuditOutbox, withAuditEntry } from '@travel/audit';
import { createCounters, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { NO_SPENDING_LIMITS, type StoredKey } from '../domain/api-access/api-key';
import { type ApiKeyDocument, apiKeySchema } from './api-key.schema';

export type KeyChanges = Partial<
  Pick<StoredKey, 'name' | 'scopes' | 'ipAllowList' | 'expiresAt' | 'rateLimit' | 'spendingLimits'>
>;

export interface ApiKeyRepository {
  /**
   * Stores a new key under the next `key_<n>`, with the audit entry `entryOf` makes of it (none for a
   * rotation's replacement: the rotation's claim carries that entry).
   */
  create(fields: Omit<StoredKey, 'id'>, entryOf?: (key: StoredKey) => AuditEntry): Promise<StoredKey>;
  findById(id: string): Promise<StoredKey | null>;
  findByHash(hash: string): Promise<StoredKey | null>;
  /**
   * Every key of the clients, oldest first: for DeleteClient, which must revoke each one (a whole read on
   * purpose: a client's keys grow only by creations and rotations an administrator makes).
   */
  listByClients(clientIds: readonly number[]): Promise<StoredKey[]>;
  /** The client's newest `count` keys, newest first (what the consoles show of a client). */
  newestOfClient(clientId: number, count: number): Promise<StoredKey[]>;
  /** The change and its audit entry in one write; null when there is no such key. */
  update(id: string, changes: KeyChanges, entry: AuditEntry): Promise<StoredKey | null>;
  /** Only for a key whose secret was never handed out (the loser of a rotation race). */
  remove(id: string): Promise<void>;
}

/** `audit`: the service's outbox; a reader that never writes may leave it to a private one. */
export function createApiKeyRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): ApiKeyRepository {
  const model = audit.track(modelOn(connection, 'ApiKey', apiKeySchema));
  const counters = createCounters(connection);
  return {
    async create(fields, entryOf) {
      const id = `key_${await counters.next('api_key')}`;
      await model.create({ _id: id, ...fields, ...(entryOf ? auditOf(entryOf({ id, ...fields })) : {}) });
      if (entryOf) audit.written();
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
    async update(id, changes, entry) {
      const doc = await model
        .findOneAndUpdate({ _id: id }, withAuditEntry({ $set: changes }, entry), { new: true })
        .lean<ApiKeyDocument>();
      if (doc) audit.written();
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
