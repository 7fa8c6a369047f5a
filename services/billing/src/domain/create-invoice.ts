import type { billing } from '@travel/contracts';
import { AppError, badRequest } from '@travel/errors';
import type { Counters } from '@travel/mongo';
import type { InvoiceRepository } from '../db/invoice.repository';
import type { LineRepository } from '../db/line.repository';
import {
  dayAfter,
  type Invoice,
  type InvoiceLine,
  invoiceIdOf,
  invoiceNumberOf,
  isCalendarDay,
} from './invoice';
import { invoiceAuditEntry } from './invoice-audit';
import type { InvoiceDesk } from './invoice-callers';
import type { InvoiceViews } from './invoice-views';

export interface CreateInvoiceDeps {
  invoices: InvoiceRepository;
  lines: LineRepository;
  counters: Counters;
  views: InvoiceViews;
  now: () => Date;
  defaultDueDays: number;
}

/**
 * A draft invoice for a tenant: of a given amount, or of its uninvoiced lines. Each line is claimed by a
 * unique insert before the invoice is written, so two invoices built at once never share a line. The invoice is
 * stored with its audit entry (`invoice.created`).
 */
export function createCreateInvoice(deps: CreateInvoiceDeps) {
  return async (request: billing.CreateInvoiceRequest, desk: InvoiceDesk) => {
    if ('tenantId' in desk.scope && desk.scope.tenantId !== request.tenantId)
      throw new AppError('forbidden', "An invoice is created only for a tenant in the caller's scope.");
    const createdAt = deps.now();
    const dueDate = request.dueDate ?? dayAfter(createdAt, deps.defaultDueDays);
    checkRequest(request, dueDate, createdAt);
    const n = await deps.counters.next('invoice');
    const id = invoiceIdOf(n);
    const invoice: Invoice = {
      id,
      n,
      number: invoiceNumberOf(n, createdAt),
      tenantId: request.tenantId,
      amount: request.amount ?? 0,
      dueDate,
      lineIds: [],
      createdAt,
    };
    if (request.amount === undefined) {
      const claimed = await claimLines(deps.lines, request.tenantId, id, createdAt);
      invoice.lineIds = claimed.map((line) => line.id);
      invoice.amount = claimed.reduce((sum, line) => sum + line.amount, 0);
      if (invoice.amount <= 0) {
        await deps.lines.release(id, invoice.lineIds);
        throw new AppError(
          'conflict',
          `The uninvoiced lines of ${request.tenantId} total ${invoice.amount}; nothing to invoice.`,
        );
      }
    }
    const entry = invoiceAuditEntry(
      desk,
      'invoice.created',
      id,
      { tenantId: invoice.tenantId, number: invoice.number, amount: invoice.amount, dueDate },
      createdAt,
    );
    await deps.invoices.insert(invoice, desk.userId, entry).catch(async (error: unknown) => {
      await deps.lines.release(id, invoice.lineIds);
      throw error;
    });
    return (
      (await deps.views.one(id, desk.scope, true)) ?? Promise.reject(new Error(`invoice ${id} vanished`))
    );
  };
}

function checkRequest(request: billing.CreateInvoiceRequest, dueDate: string, now: Date) {
  const problems = [];
  if (!request.tenantId) problems.push({ path: 'tenantId', message: 'is required' });
  if (request.amount !== undefined && (!Number.isSafeInteger(request.amount) || request.amount < 1))
    problems.push({ path: 'amount', message: 'must be a whole number of rupees above 0' });
  if (!isCalendarDay(dueDate))
    problems.push({ path: 'dueDate', message: 'must be a calendar day YYYY-MM-DD' });
  else if (dueDate < now.toISOString().slice(0, 10))
    problems.push({ path: 'dueDate', message: 'must not be before today' });
  if (problems.length > 0) throw badRequest(problems);
}

/** The lines this invoice won; a line another invoice claimed meanwhile is simply not among them. */
async function claimLines(lines: LineRepository, tenantId: string, invoiceId: string, at: Date) {
  const free = await lines.unclaimedOf(tenantId);
  if (free.length === 0) throw new AppError('conflict', `Tenant ${tenantId} has no uninvoiced lines.`);
  const won = await Promise.all(free.map((line) => lines.claim(line.id, invoiceId, at)));
  const claimed: InvoiceLine[] = free.filter((_, i) => won[i]);
  if (claimed.length === 0) throw new AppError('conflict', `Tenant ${tenantId} has no uninvoiced lines.`);
  return claimed;
}
