import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { PageRequest } from '../domain/page';
import { digitsOf } from '../domain/phone';
import type { Lead, LeadMessage, LeadStatus } from '../domain/records';
import { type LeadDocument, leadSchema } from './lead.schema';
import { findPage } from './list-page';

export type LeadChanges = Partial<Pick<Lead, 'status' | 'name' | 'email' | 'phone' | 'company'>>;

export interface LeadRepository {
  /** False when a lead with this id exists (an inbound message's lead made by an earlier try). */
  insert(lead: Lead): Promise<boolean>;
  findById(id: string): Promise<Lead | null>;
  /** All tenants' leads when `tenantId` is undefined; `null` is the platform's own. */
  list(filter: { tenantId?: string | null; status?: LeadStatus }, page: PageRequest): Promise<Lead[]>;
  /** The platform's oldest lead with this phone number (digits only). */
  findPlatformByPhone(digits: string): Promise<Lead | null>;
  /** Applies changes only while the lead is still in `fromStatus`; null when it is not (or gone). */
  update(id: string, fromStatus: LeadStatus, changes: LeadChanges, at: Date): Promise<Lead | null>;
  delete(id: string): Promise<boolean>;
  /** Adds a message unless one with its id is there already; a `new` lead replied to becomes `contacted`. */
  addMessage(id: string, message: LeadMessage, contacted: boolean): Promise<void>;
}

export function createLeadRepository(connection: Connection): LeadRepository {
  const model = modelOn(connection, 'Lead', leadSchema);
  const one = (doc: LeadDocument | null) => (doc ? toLead(doc) : null);
  return {
    insert: ({ id, ...fields }) =>
      insertIfAbsent(model, { ...fields, _id: id, phoneDigits: digitsOf(fields.phone) }),
    findById: async (id) => one(await model.findById(id).lean<LeadDocument>()),
    async list(filter, page) {
      const query = {
        ...(filter.tenantId === undefined ? {} : { tenantId: filter.tenantId }),
        ...(filter.status === undefined ? {} : { status: filter.status }),
      };
      return (await findPage(model, query, page)).map(toLead);
    },
    findPlatformByPhone: async (digits) =>
      one(await model.findOne({ tenantId: null, phoneDigits: digits }).sort({ _id: 1 }).lean<LeadDocument>()),
    async update(id, fromStatus, changes, at) {
      const phone = changes.phone === undefined ? {} : { phoneDigits: digitsOf(changes.phone) };
      const doc = await model
        .findOneAndUpdate(
          { _id: id, status: fromStatus },
          { $set: { ...changes, ...phone, updatedAt: at } },
          { new: true },
        )
        .lean<LeadDocument>();
      return one(doc);
    },
    delete: async (id) => (await model.deleteOne({ _id: id })).deletedCount === 1,
    async addMessage(id, message, contacted) {
      await model.updateOne(
        { _id: id, 'messages.id': { $ne: message.id } },
        { $push: { messages: message }, $set: { updatedAt: message.at } },
      );
      if (contacted)
        await model.updateOne(
          { _id: id, status: 'new' },
          { $set: { status: 'contacted', updatedAt: message.at } },
        );
    },
  };
}

function toLead(doc: LeadDocument): Lead {
  const { _id, phoneDigits: _digits, ...fields } = doc;
  return { id: _id, ...fields, messages: fields.messages ?? [] };
}
