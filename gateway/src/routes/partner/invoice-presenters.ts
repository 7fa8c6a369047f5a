import type { billing } from '@travel/contracts';
import { formatCreatedAt } from './booking-presenters';

// Invoice messages → the partner API's Invoice (partner-api.md §2, partner.yaml).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-12-05` → `05 Dec 2026` (decisions.md: "`dueDate` is rendered like `05 Dec 2026`"). */
export function formatDueDate(day: string): string {
  const [year, month, date] = day.split('-');
  const name = MONTHS[Number(month) - 1];
  if (!year || !name || !date) throw new Error(`the billing service answered a due date ${day}`);
  return `${date} ${name} ${year}`;
}

export function presentInvoice(invoice: billing.Invoice | undefined) {
  if (!invoice) throw new Error('the billing service answered no invoice');
  return {
    id: invoice.id,
    number: invoice.number,
    amount: invoice.amount,
    paidAmount: invoice.paidAmount,
    status: invoice.status,
    dueDate: formatDueDate(invoice.dueDate),
    createdAt: formatCreatedAt(invoice.createdAt),
    payments: invoice.payments.map((payment) => ({
      amount: payment.amount,
      method: payment.method,
      reference: payment.reference ?? null,
      receivedAt: formatCreatedAt(payment.receivedAt),
    })),
  };
}
