import type { TenantScope } from '@travel/grpc';
import type { InvoiceRepository } from '../db/invoice.repository';
import type { LineRepository } from '../db/line.repository';
import type { MarkRepository } from '../db/mark.repository';
import type { PaymentRepository } from '../db/payment.repository';
import { type Invoice, type InvoiceView, type Marks, type Payment, viewOf } from './invoice';
import type { SettleInvoice } from './settle-invoice';

export interface ViewDeps {
  invoices: InvoiceRepository;
  lines: LineRepository;
  marks: MarkRepository;
  payments: PaymentRepository;
  settle: SettleInvoice;
}

export type InvoiceViews = ReturnType<typeof createInvoiceViews>;

/** Invoices joined with their marks and payments: what every read and every change starts from. */
export function createInvoiceViews(deps: ViewDeps) {
  /**
   * Payments that reached the amount without a `paid` mark mean a crash between the last payment and the
   * mark: whoever reads it next writes the mark (and `invoice.paid`), so the invoice is never stuck.
   */
  async function complete(invoice: Invoice, marks: Marks, payments: Payment[]): Promise<InvoiceView> {
    const view = viewOf(invoice, marks, payments);
    if (view.status !== 'sent' || view.paidAmount < invoice.amount) return view;
    await deps.settle(invoice, view.paidAmount);
    return viewOf(invoice, await deps.marks.marksOf(invoice.id), payments);
  }

  return {
    /** One invoice in the scope; `withLines` for an answer that shows them (not for a check before a change). */
    async one(id: string, scope: TenantScope, withLines = false): Promise<InvoiceView | null> {
      const invoice = await deps.invoices.findById(id, scope);
      if (!invoice) return null;
      const [marks, payments, lines] = await Promise.all([
        deps.marks.marksOf(id),
        deps.payments.of(id),
        withLines ? deps.lines.findByIds(invoice.lineIds) : [],
      ]);
      return { ...(await complete(invoice, marks, payments)), lines };
    },
    async many(invoices: Invoice[]): Promise<InvoiceView[]> {
      const ids = invoices.map((invoice) => invoice.id);
      const [marks, payments] = await Promise.all([deps.marks.marksFor(ids), deps.payments.ofMany(ids)]);
      return Promise.all(
        invoices.map((invoice) =>
          complete(invoice, marks.get(invoice.id) ?? {}, payments.get(invoice.id) ?? []),
        ),
      );
    },
  };
}
