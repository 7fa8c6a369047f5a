import { newEventId } from '@travel/events';
import type { MarkRepository } from '../db/mark.repository';
import type { Invoice } from './invoice';

export interface SettleDeps {
  marks: MarkRepository;
  now: () => Date;
  /** The mark `_id` that holds a new event: the outbox relay publishes it at once. */
  eventsWritten(markId: string): void;
}

export type SettleInvoice = (invoice: Invoice, paidAmount: number) => Promise<void>;

/**
 * Payments reached the amount: the invoice is `paid`. The `end` mark and its `invoice.paid` are one
 * insert, and only one such insert lands, so the event is written once however many callers get here.
 */
export function createSettleInvoice(deps: SettleDeps): SettleInvoice {
  return async (invoice, paidAmount) => {
    const at = deps.now();
    const { id, number, amount, dueDate } = invoice;
    const event = { id: newEventId(), occurredAt: at, invoice: { id, number, amount, paidAmount, dueDate } };
    if (await deps.marks.markEnd(invoice, 'paid', at, { event })) deps.eventsWritten(`${id}:end`);
  };
}
