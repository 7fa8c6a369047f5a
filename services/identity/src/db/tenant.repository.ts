import { CREATED_ORDER, createCounters, createdAfter, modelOn } from '@travel/mongo';
import type { CreatedPosition } from '@travel/paging';
import type { Connection } from 'mongoose';
import type { Tenant } from '../domain/tenants/tenant';
import { type TenantDocument, tenantSchema } from './tenant.schema';

export type TenantChanges = Partial<Pick<Tenant, 'name' | 'status' | 'contactEmail'>>;

export interface TenantRepository {
  /** Stores a new tenant under the next `ten_<n>`. */
  create(fields: Omit<Tenant, 'id'>): Promise<Tenant>;
  findById(id: string): Promise<Tenant | null>;
  /** Oldest first, `count` at most after `after`; with `id`, only that tenant (tenant staff see their own). */
  list(filter: { id?: string }, after: CreatedPosition | undefined, count: number): Promise<Tenant[]>;
  /** Null when there is no such tenant. */
  update(id: string, changes: TenantChanges, updatedAt: Date): Promise<Tenant | null>;
}

export function createTenantRepository(connection: Connection): TenantRepository {
  const model = modelOn(connection, 'Tenant', tenantSchema);
  const counters = createCounters(connection);
  return {
    async create(fields) {
      const id = `ten_${await counters.next('tenant')}`;
      await model.create({ _id: id, ...fields });
      return { id, ...fields };
    },
    async findById(id) {
      const doc = await model.findById(id).lean<TenantDocument>();
      return doc ? toTenant(doc) : null;
    },
    async list(filter, after, count) {
      const docs = await model
        .find({ ...(filter.id === undefined ? {} : { _id: filter.id }), ...createdAfter(after) })
        .sort(CREATED_ORDER)
        .limit(count)
        .lean<TenantDocument[]>();
      return docs.map(toTenant);
    },
    async update(id, changes, updatedAt) {
      const doc = await model
        .findOneAndUpdate({ _id: id }, { $set: { ...changes, updatedAt } }, { new: true })
        .lean<TenantDocument>();
      return doc ? toTenant(doc) : null;
    },
  };
}

function toTenant(doc: TenantDocument): Tenant {
  return {
    id: doc._id,
    name: doc.name,
    status: doc.status,
    contactEmail: doc.contactEmail ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}
