import { type AuditEntry, type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
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
  /**
   * False when a lead with this id exists (an inbound message's lead made by an earlier try). A staff member's
   * lead is stored with its audit entry (as are their updates, deletes and replies below).
   */
  insert(lead: Lead, entry?: AuditEntry): Promise<boolean>;
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
    entry: AuditEntry,
  ): Promise<Lead | null>;
  /** A tombstone until its entry is relayed. */
  delete(scope: TenantScope, id: string, entry: AuditEntry): Promise<boolean>;
  /** Adds a message unless one with its id is there already; a `new` lead replied to becomes `contacted`. */
  addMessage(
    scope: TenantScope,
    id: string,
    message: LeadMessage,
    contacted: boolean,
    entry?: AuditEntry,
  ): Promise<void>;
}

export function createLeadRepository(connection: Connection, audit: AuditOutbox): LeadRepository {
  const model = audit.track(modelOn(connection, 'Lead', leadSchema));
  const one = (doc: LeadDocument | null) => (doc ? toLead(doc) : null);
  return {
    async insert({ id, ...fields }, entry) {
      const doc = {
        ...fields,
        _id: id,
        phoneDigits: digitsOf(fields.phone),
        ...(entry ? auditOf(entry) : {}),
      };
      const inserted = await insertIfAbsent(model, doc);
      if (inserted && entry) audit.written();
      return inserted;
    },
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
    async update(scope, id, fromStatus, changes, at, entry) {
      const phone = changes.phone === undefined ? {} : { phoneDigits: digitsOf(changes.phone) };
      const doc = await model
        .findOneAndUpdate(
          { _id: id, ...scope, status: fromStatus },
          withAuditEntry({ $set: { ...changes, ...phone, updatedAt: at } }, entry),
          { new: true },
        )
        .lean<LeadDocument>();
      if (doc) audit.written();
      return one(doc);
    },
    delete: async (scope, id, entry) => (await audit.tombstone(model, { _id: id, ...scope }, entry)) !== null,
    async addMessage(scope, id, message, contacted, entry) {
      const change = { $push: { messages: message }, $set: { updatedAt: message.at } };
      const { modifiedCount } = await model.updateOne(
        { _id: id, ...scope, 'messages.id': { $ne: message.id } },
        entry ? withAuditEntry(change, entry) : change,
      );
      if (modifiedCount > 0 && entry) audit.written();
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
