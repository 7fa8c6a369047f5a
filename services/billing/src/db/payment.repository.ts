import { type AuditEntry, type AuditOutbox, auditOf, createAuditOutbox } from '@travel/audit';
import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Payment } from '../domain/invoice';
import { type PaymentDocument, paymentSchema } from './payment.schema';

export interface PaymentRepository {
  /**
   * False when another payment took this `k` first, or another finisher of `attempt` recorded it (then nothing
   * is written, nor the audit entry `entry` the payment is stored with).
   */
  insert(
    invoiceId: string,
    payment: Payment,
    recorded: { at: Date; by: string; attempt?: string; entry: AuditEntry },
  ): Promise<boolean>;
  /** The invoice an idempotent attempt recorded a payment of, or null when it recorded none. */
  invoiceOfAttempt(attempt: string): Promise<string | null>;
  /** Oldest first. */
  of(invoiceId: string): Promise<Payment[]>;
  ofMany(invoiceIds: string[]): Promise<Map<string, Payment[]>>;
}

export function createPaymentRepository(
  connection: Connection,
  audit: AuditOutbox = createAuditOutbox(),
): PaymentRepository {
  const model = audit.track(modelOn(connection, 'Payment', paymentSchema));
  const find = (invoiceIds: string[]) =>
    model
      .find({ invoiceId: { $in: invoiceIds } })
      .sort({ k: 1 })
      .lean<PaymentDocument[]>();
  return {
    async insert(invoiceId, payment, { at, by, attempt, entry }) {
      const _id = `${invoiceId}:${payment.k}`;
      const landed = await insertIfAbsent(model, {
        ...payment,
        _id,
        invoiceId,
        recordedAt: at,
        recordedBy: by,
        ...(attempt ? { attempt } : {}),
        ...auditOf(entry),
      });
      if (landed) audit.written();
      return landed;
    },
    async invoiceOfAttempt(attempt) {
      return (await model.findOne({ attempt }, { invoiceId: 1 }).lean<PaymentDocument>())?.invoiceId ?? null;
    },
    async of(invoiceId) {
      return (await find([invoiceId])).map(toPayment);
    },
    async ofMany(invoiceIds) {
      const docs = invoiceIds.length === 0 ? [] : await find(invoiceIds);
      return new Map(invoiceIds.map((id) => [id, docs.filter((doc) => doc.invoiceId === id).map(toPayment)]));
    },
  };
}

function toPayment(doc: PaymentDocument): Payment {
  return {
    k: doc.k,
    amount: doc.amount,
    total: doc.total,
    method: doc.method,
    reference: doc.reference ?? null,
    receivedAt: doc.receivedAt,
  };
}
