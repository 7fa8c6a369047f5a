import type { billing } from '@travel/contracts';
import { displayDay } from '@travel/partner-formats';
import type { z } from 'zod';
import { formatCreatedAt } from '../common/offer-presenters';
import type { Invoice } from '../common/partner-contract/components';

// Invoice messages → the partner API's Invoice (gateway/openapi/partner.yaml).

export function presentInvoice(invoice: billing.Invoice | undefined): z.output<typeof Invoice> {
  if (!invoice) throw new Error('the billing service answered no invoice');
  return {
    id: invoice.id,
    number: invoice.number,
    amount: invoice.amount,
    paidAmount: invoice.paidAmount,
    status: invoice.status as z.output<typeof Invoice>['status'],
    dueDate: displayDay(invoice.dueDate),
    createdAt: formatCreatedAt(invoice.createdAt),
    payments: invoice.payments.map((payment) => ({
      amount: payment.amount,
      method: payment.method,
      reference: payment.reference ?? null,
      receivedAt: formatCreatedAt(payment.receivedAt),
    })),
  };
}
