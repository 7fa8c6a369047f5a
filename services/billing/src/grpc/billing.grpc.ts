import type { billing } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { createCreateInvoice } from '../domain/create-invoice';
import type { InvoiceView } from '../domain/invoice';
import type {
  createGetInvoice,
  createGetPartnerInvoice,
  createListInvoices,
  createListPartnerInvoices,
  InvoicePage,
} from '../domain/read-invoices';
import type { createRecordPayment } from '../domain/record-payment';
import type { createUpdateInvoice } from '../domain/update-invoice';

export interface BillingUseCases {
  createInvoice: ReturnType<typeof createCreateInvoice>;
  updateInvoice: ReturnType<typeof createUpdateInvoice>;
  recordPayment: ReturnType<typeof createRecordPayment>;
  listInvoices: ReturnType<typeof createListInvoices>;
  getInvoice: ReturnType<typeof createGetInvoice>;
  listPartnerInvoices: ReturnType<typeof createListPartnerInvoices>;
  getPartnerInvoice: ReturnType<typeof createGetPartnerInvoice>;
}

/** Thin handlers: decode, call one use case, encode. */
export function createBillingGrpc(
  useCases: BillingUseCases,
): ServiceImplementation<typeof billing.BillingServiceDefinition, RequestContext> {
  const one = (view: InvoiceView) => ({ invoice: encodeInvoice(view, true) });
  const page = (result: InvoicePage) => ({
    invoices: result.invoices.map((view) => encodeInvoice(view, false)),
    nextCursor: result.nextCursor,
  });
  return {
    createInvoice: async (request) => one(await useCases.createInvoice(request)),
    updateInvoice: async (request) => one(await useCases.updateInvoice(request)),
    recordPayment: async (request) => one(await useCases.recordPayment(request)),
    listInvoices: async (request) => page(await useCases.listInvoices(request)),
    getInvoice: async (request) => one(await useCases.getInvoice(request)),
    listPartnerInvoices: async (request) => page(await useCases.listPartnerInvoices(request)),
    getPartnerInvoice: async (request) => one(await useCases.getPartnerInvoice(request)),
  };
}

/** Lines only in single reads; lists show payments too (they make `paidAmount` anyway). */
function encodeInvoice(view: InvoiceView, withLines: boolean): billing.Invoice {
  const { invoice } = view;
  return {
    id: invoice.id,
    number: invoice.number,
    tenantId: invoice.tenantId,
    amount: invoice.amount,
    paidAmount: view.paidAmount,
    status: view.status,
    dueDate: invoice.dueDate,
    createdAt: invoice.createdAt,
    payments: view.payments.map(({ amount, method, reference, receivedAt }) => ({
      amount,
      method,
      reference: reference ?? undefined,
      receivedAt,
    })),
    lines: withLines
      ? view.lines.map(({ id, bookingId, pnr, route, date, amount }) => ({
          id,
          bookingId,
          pnr,
          route,
          date,
          amount,
        }))
      : [],
  };
}
