import { type AuditEntry, type AuditOutbox, auditOf, createAuditOutbox, withAuditEntry } from '@travel/audit';
import { createCounters, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { ApiClient } from '../domain/api-access/api-client';
import { type ApiClientDocument, apiClientSchema } from './api-client.schema';

export type ClientChanges = Partial<Pick<ApiClient, 'name' | 'tenantId' | 'status'>>;

const LIVE = { deletedAt: null };

/** API clients that are not deleted; a deleted client is invisible to every method but `markDeleted`. */
export interface ApiClientRepository {
  /** Stores a new client under the next integer id, with the audit entry `entryOf` makes of it. */
  create(fields: Omit<ApiClient, 'id'>, entryOf: (client: ApiClient) => AuditEntry): Promise<ApiClient>;
  findById(id: number): Promise<ApiClient | null>;
  /** In id order, `count` at most after the id `after`; with `tenantId`, only that tenant's clients. */
  list(filter: { tenantId?: string }, after: number | undefined, count: number): Promise<ApiClient[]>;
  /** The change and its audit entry in one write; null when there is no such live client. */
  update(id: number, changes: ClientChanges, entry: AuditEntry): Promise<ApiClient | null>;
  /** The deletion mark and its audit entry in one write; false when the client was not live any more. */
  markDeleted(id: number, at: Date, entry: AuditEntry): Promise<boolean>;
}

/** `audit`: the service's outbox; a reader that never writes may leave it to a private one. */
export function createApiClientRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): ApiClientRepository {
  const model = audit.track(modelOn(connection, 'ApiClient', apiClientSchema));
  const counters = createCounters(connection);
  return {
    async create(fields, entryOf) {
      const id = await counters.next('api_client');
      await model.create({ _id: id, ...fields, deletedAt: null, ...auditOf(entryOf({ id, ...fields })) });
      audit.written();
      return { id, ...fields };
    },
    async findById(id) {
      const doc = await model.findOne({ _id: id, ...LIVE }).lean<ApiClientDocument>();
      return doc ? toClient(doc) : null;
    },
    async list(filter, after, count) {
      const query = {
        ...(filter.tenantId === undefined ? {} : { tenantId: filter.tenantId }),
        ...LIVE,
        ...(after === undefined ? {} : { _id: { $gt: after } }),
      };
      const docs = await model.find(query).sort({ _id: 1 }).limit(count).lean<ApiClientDocument[]>();
      return docs.map(toClient);
    },
    async update(id, changes, entry) {
      const doc = await model
        .findOneAndUpdate({ _id: id, ...LIVE }, withAuditEntry({ $set: changes }, entry), { new: true })
        .lean<ApiClientDocument>();
      if (doc) audit.written();
      return doc ? toClient(doc) : null;
    },
    async markDeleted(id, at, entry) {
      const { modifiedCount } = await model.updateOne(
        { _id: id, ...LIVE },
        withAuditEntry({ $set: { deletedAt: at } }, entry),
      );
      if (modifiedCount > 0) audit.written();
      return modifiedCount > 0;
    },
  };
}

function toClient(doc: ApiClientDocument): ApiClient {
  return {
    id: doc._id,
    name: doc.name,
    tenantId: doc.tenantId ?? null,
    status: doc.status,
    createdAt: doc.createdAt,
  };
}
