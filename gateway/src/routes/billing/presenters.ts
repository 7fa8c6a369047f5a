import type { billing } from '@travel/contracts';
import { iso } from '../common/iso';

// Proto messages → the internal API's JSON shapes (internal.yaml). Absent optionals become null.

export function presentInvoice(invoice: billing.Invoice | undefined) {
  if (!invoice) throw new Error('billing answered no invoice');
  return {
    id: invoice.id,
    number: invoice.number,
    tenantId: invoice.tenantId,
    amount: invoice.amount,
    paidAmount: invoice.paidAmount,
    status: invoice.status,
    dueDate: invoice.dueDate,
    createdAt: iso(invoice.createdAt),
    payments: invoice.payments.map((payment) => ({
      amount: payment.amount,
      method: payment.method,
      reference: payment.reference ?? null,
      receivedAt: iso(payment.receivedAt),
    })),
    lines: invoice.lines.map(({ id, bookingId, pnr, route, date, amount, simulated }) => ({
      id,
      bookingId,
      pnr,
      route,
      date,
      amount,
      simulated,
    })),
  };
}
