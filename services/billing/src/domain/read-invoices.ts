import type { billing } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { InvoiceRepository } from '../db/invoice.repository';
import type { MarkRepository } from '../db/mark.repository';
import { checkLimit, decodeCursor, encodeCursor } from './cursor';
import type { InvoiceView } from './invoice';
import type { InvoiceViews } from './invoice-views';

export interface ReadDeps {
  invoices: InvoiceRepository;
  marks: MarkRepository;
  views: InvoiceViews;
}

export interface InvoicePage {
  invoices: InvoiceView[];
  nextCursor: string | undefined;
}

/** The staff list: drafts included, unless `sentOnly` (a tenant's own staff, like its partners). */
export function createListInvoices(deps: ReadDeps) {
  const list = createPage(deps);
  return async (request: billing.ListInvoicesRequest): Promise<InvoicePage> => {
    const limit = checkLimit(request.limit);
    const before = decodeCursor(request.cursor);
    if (request.sentOnly) {
      if (!request.tenantId) throw new AppError('bad_request', 'A sent-only list names its tenant.');
      return list.sent(request.tenantId, before, limit);
    }
    return list.page(await deps.invoices.list(request.tenantId, before, limit + 1), limit);
  };
}

export function createGetInvoice(deps: ReadDeps) {
  return async (request: billing.GetInvoiceRequest): Promise<InvoiceView> => {
    const view = await deps.views.one(request.id, true);
    const hidden =
      !view ||
      (request.tenantId !== undefined && view.invoice.tenantId !== request.tenantId) ||
      (request.sentOnly && view.sentAt === undefined);
    if (hidden || !view) throw new AppError('not_found', `No invoice ${request.id}.`);
    return view;
  };
}

/** A partner's list: its tenant's invoices once sent, live only (a test key sees none). */
export function createListPartnerInvoices(deps: ReadDeps) {
  const list = createPage(deps);
  return async (request: billing.ListPartnerInvoicesRequest): Promise<InvoicePage> => {
    const tenantId = tenantOf(request.caller);
    const limit = checkLimit(request.limit);
    const before = decodeCursor(request.cursor);
    if (request.caller?.environment !== 'live') return { invoices: [], nextCursor: undefined };
    return list.sent(tenantId, before, limit);
  };
}

/** Another tenant's invoice, a draft, a test key's read: all `not_found`, like none. */
export function createGetPartnerInvoice(deps: ReadDeps) {
  const get = createGetInvoice(deps);
  return async (request: billing.GetPartnerInvoiceRequest): Promise<InvoiceView> => {
    const tenantId = tenantOf(request.caller);
    if (request.caller?.environment !== 'live') throw new AppError('not_found', `No invoice ${request.id}.`);
    return get({ id: request.id, tenantId, sentOnly: true });
  };
}

/** Invoices belong to a tenant: a client without one is `client_not_linked` (partner-api.md §1). */
function tenantOf(caller: billing.PartnerCaller | undefined): string {
  if (!caller || !Number.isInteger(caller.clientId) || caller.clientId < 1)
    throw new AppError('unauthorized', 'The call names no API client.');
  if (caller.environment !== 'live' && caller.environment !== 'test')
    throw new AppError('unauthorized', 'The call names no key environment.');
  if (!caller.tenantId) throw new AppError('client_not_linked');
  return caller.tenantId;
}

function createPage(deps: ReadDeps) {
  const page = async (rows: Awaited<ReturnType<InvoiceRepository['list']>>, limit: number) => {
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      invoices: await deps.views.many(shown),
      nextCursor: rows.length > limit && last ? encodeCursor(last.n) : undefined,
    };
  };
  return {
    page,
    /** Newest first by `n`, read from the `sent` marks: a draft has none, so it is never listed. */
    async sent(tenantId: string, before: number | undefined, limit: number) {
      const ids = await deps.marks.sentOf(tenantId, before, limit + 1);
      const invoices = await deps.invoices.findByIds(ids);
      const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
      return page(
        ids.flatMap((id) => byId.get(id) ?? []),
        limit,
      );
    },
  };
}
