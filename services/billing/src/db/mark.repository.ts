import { type AuditEntry, type AuditOutbox, auditOf, createAuditOutbox } from '@travel/audit';
import { invoiceEvents } from '@travel/contracts';
import type { OutboxSource, OutgoingEvent } from '@travel/events';
import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { EndStatus, Invoice, Marks } from '../domain/invoice';
import { type MarkDocument, markSchema, type PendingPaidEvent } from './mark.schema';

export interface MarkRepository {
  /** False when the invoice was sent already (then nothing is written, nor its audit entry). */
  markSent(invoice: Invoice, at: Date, entry: AuditEntry): Promise<boolean>;
  /**
   * False when the invoice was paid or cancelled already; `paid` carries its `invoice.paid`, a staff move
   * (`cancelled`) its audit entry.
   */
  markEnd(invoice: Invoice, status: EndStatus, at: Date, carried?: MarkCarries): Promise<boolean>;
  marksOf(invoiceId: string): Promise<Marks>;
  marksFor(invoiceIds: string[]): Promise<Map<string, Marks>>;
  /** Ids of the tenant's sent invoices, newest first, below `beforeN` (all when absent). */
  sentOf(tenantId: string, beforeN: number | undefined, limit: number): Promise<string[]>;
  /** The `end` marks as the outbox relay reads them (`_id` = the mark's). */
  outbox: OutboxSource;
}

/** What a mark's insert carries beside the fact: the event it decides, the staff move's audit entry. */
export interface MarkCarries {
  event?: PendingPaidEvent;
  entry?: AuditEntry;
}

export function createMarkRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): MarkRepository {
  const model = audit.track(modelOn(connection, 'InvoiceMark', markSchema));
  const insert = async (doc: MarkDocument, entry?: AuditEntry) => {
    if (!entry) return insertIfAbsent(model, doc);
    const landed = await insertIfAbsent(model, { ...doc, ...auditOf(entry) });
    if (landed) audit.written();
    return landed;
  };
  const base = (invoice: Invoice, at: Date) => ({
    invoiceId: invoice.id,
    n: invoice.n,
    tenantId: invoice.tenantId,
    at,
  });
  return {
    markSent: (invoice, at, entry) =>
      insert(
        {
          ...base(invoice, at),
          _id: `${invoice.id}:sent`,
          kind: 'sent',
          status: 'sent',
          pendingEvents: [],
          outboxPending: false,
        },
        entry,
      ),
    markEnd: (invoice, status, at, { event, entry } = {}) =>
      insert(
        {
          ...base(invoice, at),
          _id: `${invoice.id}:end`,
          kind: 'end',
          status,
          pendingEvents: event ? [event] : [],
          outboxPending: event !== undefined,
        },
        entry,
      ),
    async marksOf(invoiceId) {
      // The two marks an invoice can have, each by `_id`.
      const [sent, end] = await Promise.all([
        model.findById(`${invoiceId}:sent`).lean<MarkDocument>(),
        model.findById(`${invoiceId}:end`).lean<MarkDocument>(),
      ]);
      return toMarks([sent, end]);
    },
    async marksFor(invoiceIds) {
      if (invoiceIds.length === 0) return new Map();
      const docs = await model.find({ invoiceId: { $in: invoiceIds } }).lean<MarkDocument[]>();
      return new Map(invoiceIds.map((id) => [id, toMarks(docs.filter((doc) => doc.invoiceId === id))]));
    },
    async sentOf(tenantId, beforeN, limit) {
      const below = beforeN === undefined ? {} : { n: { $lt: beforeN } };
      const docs = await model
        .find({ kind: 'sent', tenantId, ...below }, { invoiceId: 1 })
        .sort({ n: -1 })
        .limit(limit)
        .lean<Array<{ invoiceId: string }>>();
      return docs.map((doc) => doc.invoiceId);
    },
    outbox: {
      async withPending(limit) {
        const docs = await model
          .find({ outboxPending: true })
          .sort({ at: 1 })
          .limit(limit)
          .lean<MarkDocument[]>();
        return docs.map((doc) => ({
          id: doc._id,
          events: doc.pendingEvents.map((event) => toOutgoing(doc, event)),
        }));
      },
      async clear(published) {
        // One update for the whole batch. A mark is inserted with its one event and never given another, so
        // a mark still holding a published event holds exactly what was published.
        await model.updateMany(
          {
            _id: { $in: published.map(({ id }) => id) },
            'pendingEvents.id': { $in: published.flatMap(({ events }) => events.map((event) => event.id)) },
          },
          { $set: { outboxPending: false, pendingEvents: [] } },
        );
      },
    },
  };
}

function toMarks(docs: Array<MarkDocument | null>): Marks {
  const marks: Marks = {};
  for (const doc of docs) {
    if (doc?.kind === 'sent') marks.sentAt = doc.at;
    if (doc?.kind === 'end') marks.end = { status: doc.status as EndStatus, at: doc.at };
  }
  return marks;
}

/** The envelope the webhook service reads: the tenant, no client, live, keyed by the invoice id. */
function toOutgoing(doc: MarkDocument, event: PendingPaidEvent): OutgoingEvent {
  const payload = invoiceEvents.InvoiceEvent.encode({ ...event.invoice, status: 'paid' }).finish();
  return {
    id: event.id,
    type: 'invoice.paid',
    occurredAt: event.occurredAt,
    tenantId: doc.tenantId,
    clientId: '',
    livemode: true,
    payload: Buffer.from(payload),
    key: doc.invoiceId,
  };
}
