import { type AuditEntry, type AuditOutbox, auditOf, createAuditOutbox } from '@travel/audit';
import type { TenantScope } from '@travel/grpc';
import { modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Invoice } from '../domain/invoice';
import { type InvoiceDocument, invoiceSchema } from './invoice.schema';

export interface InvoiceRepository {
  /** Stored with its creation's audit entry. */
  insert(invoice: Invoice, createdBy: string, entry: AuditEntry): Promise<void>;
  /** The invoice in the scope (another tenant's is none). */
  findById(id: string, scope: TenantScope): Promise<Invoice | null>;
  findByIds(ids: string[], scope: TenantScope): Promise<Invoice[]>;
  /** Newest first below `beforeN` (all when absent), in the scope (one tenant's or everyone's). */
  list(scope: TenantScope, beforeN: number | undefined, limit: number): Promise<Invoice[]>;
}

export function createInvoiceRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): InvoiceRepository {
  const model = audit.track(modelOn(connection, 'Invoice', invoiceSchema));
  return {
    async insert(invoice, createdBy, entry) {
      const { id, ...fields } = invoice;
      await model.create({ ...fields, _id: id, createdBy, ...auditOf(entry) });
      audit.written();
    },
    async findById(id, scope) {
      const doc = await model.findOne({ _id: id, ...scope }).lean<InvoiceDocument>();
      return doc ? toInvoice(doc) : null;
    },
    async findByIds(ids, scope) {
      if (ids.length === 0) return [];
      const docs = await model.find({ _id: { $in: ids }, ...scope }).lean<InvoiceDocument[]>();
      return docs.map(toInvoice);
    },
    async list(scope, beforeN, limit) {
      const filter = {
        ...scope,
        ...(beforeN === undefined ? {} : { n: { $lt: beforeN } }),
      };
      const docs = await model.find(filter).sort({ n: -1 }).limit(limit).lean<InvoiceDocument[]>();
      return docs.map(toInvoice);
    },
  };
}

function toInvoice(doc: InvoiceDocument): Invoice {
  return {
    id: doc._id,
    n: doc.n,
    number: doc.number,
    tenantId: doc.tenantId,
    amount: doc.amount,
    dueDate: doc.dueDate,
    lineIds: doc.lineIds ?? [],
    createdAt: doc.createdAt,
  };
}
