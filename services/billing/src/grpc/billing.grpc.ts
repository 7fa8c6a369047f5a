import { auditActorOf } from '@travel/audit';
import type { billing, caller as callerContract } from '@travel/contracts';
import { AppError } from '@travel/errors';
import {
  type RequestContext,
  requireCallerOf,
  requireRight,
  type ServiceImplementation,
  tenantScopeOf,
} from '@travel/grpc';
import type { createCreateInvoice } from '../domain/create-invoice';
import type { InvoiceView } from '../domain/invoice';
import type { InvoiceDesk, InvoiceReader } from '../domain/invoice-callers';
import type { createGetInvoice, createListInvoices, InvoicePage } from '../domain/read-invoices';
import type { createRecordPayment } from '../domain/record-payment';
import type { createUpdateInvoice } from '../domain/update-invoice';

export interface BillingUseCases {
  createInvoice: ReturnType<typeof createCreateInvoice>;
  updateInvoice: ReturnType<typeof createUpdateInvoice>;
  recordPayment: ReturnType<typeof createRecordPayment>;
  listInvoices: ReturnType<typeof createListInvoices>;
  getInvoice: ReturnType<typeof createGetInvoice>;
}

/** The platform's billing desk; a tenant's own staff read their sent invoices with `billing`. */
const DESK_RIGHT = 'tenants';
const TENANT_RIGHT = 'billing';

/** Creating, sending, cancelling and paying invoices: platform staff with `tenants` only. */
function deskOf(wire: callerContract.Caller | undefined): InvoiceDesk {
  const staff = requireCallerOf(wire, 'platform-staff');
  requireRight(staff, DESK_RIGHT);
  return { userId: staff.userId, actor: auditActorOf(staff), scope: tenantScopeOf(staff) };
}

/** Staff reads: every tenant's drafts and all for platform staff; the own tenant's sent ones for tenant staff. */
function staffReaderOf(wire: callerContract.Caller | undefined): InvoiceReader {
  const staff = requireCallerOf(wire, 'platform-staff', 'tenant-staff');
  requireRight(staff, staff.kind === 'platform-staff' ? DESK_RIGHT : TENANT_RIGHT);
  return { scope: tenantScopeOf(staff), sentOnly: staff.kind === 'tenant-staff' };
}

/**
 * A partner's reads: its tenant's sent invoices; a client without a tenant is `client_not_linked`
 * (gateway/openapi/partner.yaml), a test key sees none (invoices are live data).
 */
function partnerReaderOf(wire: callerContract.Caller | undefined): InvoiceReader | 'none' {
  const partner = requireCallerOf(wire, 'partner-client');
  if (!partner.tenantId) throw new AppError('client_not_linked');
  if (partner.environment !== 'live') return 'none';
  return { scope: { tenantId: partner.tenantId }, sentOnly: true };
}

/** Thin handlers: resolve the caller once (fail closed), call one use case in its scope, encode. */
export function createBillingGrpc(
  useCases: BillingUseCases,
): ServiceImplementation<typeof billing.BillingServiceDefinition, RequestContext> {
  const one = (view: InvoiceView) => ({ invoice: encodeInvoice(view, true) });
  const page = (result: InvoicePage) => ({
    invoices: result.invoices.map((view) => encodeInvoice(view, false)),
    nextCursor: result.nextCursor,
  });
  return {
    createInvoice: async (request) => one(await useCases.createInvoice(request, deskOf(request.caller))),
    updateInvoice: async (request) => one(await useCases.updateInvoice(request, deskOf(request.caller))),
    async recordPayment(request) {
      const { value, replayed } = await useCases.recordPayment(request, deskOf(request.caller));
      return { ...one(value), replayed };
    },
    listInvoices: async (request) =>
      page(await useCases.listInvoices(request, staffReaderOf(request.caller))),
    getInvoice: async (request) => one(await useCases.getInvoice(request.id, staffReaderOf(request.caller))),
    async listPartnerInvoices(request) {
      const reader = partnerReaderOf(request.caller);
      if (reader === 'none') return { invoices: [], nextCursor: undefined };
      return page(await useCases.listInvoices(request, reader));
    },
    async getPartnerInvoice(request) {
      const reader = partnerReaderOf(request.caller);
      if (reader === 'none') throw new AppError('not_found', `No invoice ${request.id}.`);
      return one(await useCases.getInvoice(request.id, reader));
    },
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
      ? view.lines.map(({ id, bookingId, pnr, route, date, amount, simulated }) => ({
          id,
          bookingId,
          pnr,
          route,
          date,
          amount,
          simulated,
        }))
      : [],
  };
}
