import { createCounters, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { ApiClient } from '../domain/api-access/api-client';
import { type ApiClientDocument, apiClientSchema } from './api-client.schema';

export type ClientChanges = Partial<Pick<ApiClient, 'name' | 'tenantId' | 'status'>>;

const LIVE = { deletedAt: null };

/** API clients that are not deleted; a deleted client is invisible to every method but `markDeleted`. */
export interface ApiClientRepository {
  /** Stores a new client under the next integer id. */
  create(fields: Omit<ApiClient, 'id'>): Promise<ApiClient>;
  findById(id: number): Promise<ApiClient | null>;
  /** In id order, `count` at most after the id `after`; with `tenantId`, only that tenant's clients. */
  list(filter: { tenantId?: string }, after: number | undefined, count: number): Promise<ApiClient[]>;
  update(id: number, changes: ClientChanges): Promise<ApiClient | null>;
  markDeleted(id: number, at: Date): Promise<void>;
}

export function createApiClientRepository(connection: Connection): ApiClientRepository {
  const model = modelOn(connection, 'ApiClient', apiClientSchema);
  const counters = createCounters(connection);
  return {
    async create(fields) {
      const id = await counters.next('api_client');
      await model.create({ _id: id, ...fields, deletedAt: null });
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
    async update(id, changes) {
      const doc = await model
        .findOneAndUpdate({ _id: id, ...LIVE }, { $set: changes }, { new: true })
        .lean<ApiClientDocument>();
      return doc ? toClient(doc) : null;
    },
    async markDeleted(id, at) {
      await model.updateOne({ _id: id, ...LIVE }, { $set: { deletedAt: at } });
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
