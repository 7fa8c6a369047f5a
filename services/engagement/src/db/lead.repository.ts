import type { TenantScope } from '@travel/grpc';
import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { PageRequest } from '../domain/page';
import type { Lead, LeadMessage, LeadStatus } from '../domain/records';
import { digitsOf } from '../domain/whatsapp/phone';
import { type LeadDocument, leadSchema } from './lead.schema';
import { findPage } from './list-page';

export type LeadChanges = Partial<Pick<Lead, 'status' | 'name' | 'email' | 'phone' | 'company'>>;

/**
 * Every read and write but `insert` and the WhatsApp intake's platform lookup takes the caller's scope and puts it
 * in the filter: a tenant's staff reach their tenant's leads only, whatever id they name (docs/access.md, "Callers").
 */
export interface LeadRepository {
  /** False when a lead with this id exists (an inbound message's lead made by an earlier try). */
  insert(lead: Lead): Promise<boolean>;
  findById(scope: TenantScope, id: string): Promise<Lead | null>;
  /** All tenants' leads when `tenantId` is undefined; `null` is the platform's own. */
  list(
    scope: TenantScope,
    filter: { tenantId?: string | null; status?: LeadStatus },
    page: PageRequest,
  ): Promise<Lead[]>;
  /** The platform's oldest lead with this phone number (digits only). */
  findPlatformByPhone(digits: string): Promise<Lead | null>;
  /** Applies changes only while the lead is still in `fromStatus`; null when it is not (or gone). */
  update(
    scope: TenantScope,
    id: string,
    fromStatus: LeadStatus,
    changes: LeadChanges,
    at: Date,
  ): Promise<Lead | null>;
  delete(scope: TenantScope, id: string): Promise<boolean>;
  /** Adds a message unless one with its id is there already; a `new` lead replied to becomes `contacted`. */
  addMessage(scope: TenantScope, id: string, message: LeadMessage, contacted: boolean): Promise<void>;
}

export function createLeadRepository(connection: Connection): LeadRepository {
  const model = modelOn(connection, 'Lead', leadSchema);
  const one = (doc: LeadDocument | null) => (doc ? toLead(doc) : null);
  return {
    insert: ({ id, ...fields }) =>
      insertIfAbsent(model, { ...fields, _id: id, phoneDigits: digitsOf(fields.phone) }),
    findById: async (scope, id) => one(await model.findOne({ _id: id, ...scope }).lean<LeadDocument>()),
    async list(scope, filter, page) {
      const query = {
        ...(filter.tenantId === undefined ? {} : { tenantId: filter.tenantId }),
        ...(filter.status === undefined ? {} : { status: filter.status }),
        ...scope,
      };
      return (await findPage(model, query, page)).map(toLead);
    },
    findPlatformByPhone: async (digits) =>
      one(await model.findOne({ tenantId: null, phoneDigits: digits }).sort({ _id: 1 }).lean<LeadDocument>()),
    async update(scope, id, fromStatus, changes, at) {
      const phone = changes.phone === undefined ? {} : { phoneDigits: digitsOf(changes.phone) };
      const doc = await model
        .findOneAndUpdate(
          { _id: id, ...scope, status: fromStatus },
          { $set: { ...changes, ...phone, updatedAt: at } },
          { new: true },
        )
        .lean<LeadDocument>();
      return one(doc);
    },
    delete: async (scope, id) => (await model.deleteOne({ _id: id, ...scope })).deletedCount === 1,
    async addMessage(scope, id, message, contacted) {
      await model.updateOne(
        { _id: id, ...scope, 'messages.id': { $ne: message.id } },
        { $push: { messages: message }, $set: { updatedAt: message.at } },
      );
      if (contacted)
        await model.updateOne(
          { _id: id, ...scope, status: 'new' },
          { $set: { status: 'contacted', updatedAt: message.at } },
        );
    },
  };
}

function toLead(doc: LeadDocument): Lead {
  const { _id, phoneDigits: _digits, ...fields } = doc;
  return { id: _id, ...fields, messages: fields.messages ?? [] };
}
