import { createCombinedInsert, insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { InvoiceLine } from '../domain/invoice';
import { type LineDocument, lineClaimSchema, lineSchema } from './line.schema';

export interface LineRepository {
  /** False when the line exists already (a redelivered event). */
  insert(line: InvoiceLine, eventId: string): Promise<boolean>;
  findById(id: string): Promise<InvoiceLine | null>;
  findByIds(ids: string[]): Promise<InvoiceLine[]>;
  /** The tenant's lines that no invoice holds, oldest first. */
  unclaimedOf(tenantId: string): Promise<InvoiceLine[]>;
  /** True when this invoice took the line; false when another invoice holds it. */
  claim(lineId: string, invoiceId: string, at: Date): Promise<boolean>;
  /** The invoice's lines become free again (it was cancelled, or never written). */
  release(invoiceId: string, lineIds: string[]): Promise<void>;
}

export function createLineRepository(connection: Connection): LineRepository {
  const lines = modelOn(connection, 'InvoiceLine', lineSchema);
  const claims = modelOn(connection, 'InvoiceLineClaim', lineClaimSchema);
  // Concurrent consumers' lines go in one insert (the events of a fetched batch are handled at once by key).
  const insertLine = createCombinedInsert(lines);
  return {
    insert({ id, tenantId, bookingId, pnr, route, date, amount, simulated, createdAt }, eventId) {
      // Through the driver, the document built whole (one per booking event: the consumer's hot path).
      const doc: LineDocument = {
        _id: id,
        tenantId,
        bookingId,
        pnr,
        route,
        date,
        amount,
        simulated,
        eventId,
        createdAt,
      };
      return insertLine(doc);
    },
    async findById(id) {
      const doc = await lines.findById(id).lean<LineDocument>();
      return doc ? toLine(doc) : null;
    },
    async findByIds(ids) {
      if (ids.length === 0) return [];
      const docs = await lines.find({ _id: { $in: ids } }).lean<LineDocument[]>();
      const byId = new Map(docs.map((doc) => [doc._id, toLine(doc)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    async unclaimedOf(tenantId) {
      const docs = await lines.find({ tenantId }).sort({ createdAt: 1 }).lean<LineDocument[]>();
      if (docs.length === 0) return [];
      const taken = await claims
        .find({ _id: { $in: docs.map((doc) => doc._id) } }, { _id: 1 })
        .lean<Array<{ _id: string }>>();
      const takenIds = new Set(taken.map((doc) => doc._id));
      return docs.filter((doc) => !takenIds.has(doc._id)).map(toLine);
    },
    claim(lineId, invoiceId, at) {
      return insertIfAbsent(claims, { _id: lineId, invoiceId, at });
    },
    async release(invoiceId, lineIds) {
      // Each by `_id` and only while this invoice holds it: a line claimed since by another stays there.
      await Promise.all(lineIds.map((id) => claims.deleteOne({ _id: id, invoiceId })));
    },
  };
}

function toLine(doc: LineDocument): InvoiceLine {
  return {
    id: doc._id,
    tenantId: doc.tenantId,
    bookingId: doc.bookingId,
    pnr: doc.pnr,
    route: doc.route,
    date: doc.date,
    amount: doc.amount,
    simulated: doc.simulated ?? true,
    createdAt: doc.createdAt,
  };
}
