import type { billing } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { numberCursor, pageOfRows, readPageQuery } from '@travel/paging';
import type { InvoiceRepository } from '../db/invoice.repository';
import type { MarkRepository } from '../db/mark.repository';
import type { InvoiceView } from './invoice';
import type { InvoiceReader } from './invoice-callers';
import type { InvoiceViews } from './invoice-views';

/** `i1:<n>`: a page continues below invoice number `n`. */
const invoiceCursors = numberCursor('i1:');

export interface ReadDeps {
  invoices: InvoiceRepository;
  marks: MarkRepository;
  views: InvoiceViews;
}

export interface InvoicePage {
  invoices: InvoiceView[];
  nextCursor: string | undefined;
}

/**
 * The invoices a reader may see, newest first: drafts included for platform staff (every tenant, or the one
 * asked for); only sent ones of their own tenant for tenant staff and partners.
 */
export function createListInvoices(deps: ReadDeps) {
  const list = createPage(deps);
  return async (
    request: Pick<billing.ListInvoicesRequest, 'limit' | 'cursor'> & { tenantId?: string },
    reader: InvoiceReader,
  ): Promise<InvoicePage> => {
    const { limit, after: before } = readPageQuery(request, invoiceCursors);
    const { tenantId } = reader.scope;
    if (reader.sentOnly) {
      if (!tenantId) throw new Error('a sent-only reader without a tenant');
      return list.sent({ tenantId }, before, limit);
    }
    // Platform staff may narrow their list to one tenant; anyone else is held to their own.
    const scope = tenantId || !request.tenantId ? reader.scope : { tenantId: request.tenantId };
    return list.page(await deps.invoices.list(scope, before, limit + 1), limit);
  };
}

/** Outside the reader's scope, or a draft for a sent-only reader: `not_found`, like none. */
export function createGetInvoice(deps: ReadDeps) {
  return async (id: string, reader: InvoiceReader): Promise<InvoiceView> => {
    const view = await deps.views.one(id, reader.scope, true);
    if (!view || (reader.sentOnly && view.sentAt === undefined))
      throw new AppError('not_found', `No invoice ${id}.`);
    return view;
  };
}

function createPage(deps: ReadDeps) {
  const page = async (rows: Awaited<ReturnType<InvoiceRepository['list']>>, limit: number) => {
    const { items, nextCursor } = pageOfRows(rows, limit, (last) => invoiceCursors.encode(last.n));
    return { invoices: await deps.views.many(items), nextCursor };
  };
  return {
    page,
    /** Newest first by `n`, read from the `sent` marks: a draft has none, so it is never listed. */
    async sent(scope: { tenantId: string }, before: number | undefined, limit: number) {
      const ids = await deps.marks.sentOf(scope.tenantId, before, limit + 1);
      const invoices = await deps.invoices.findByIds(ids, scope);
      const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
      return page(
        ids.flatMap((id) => byId.get(id) ?? []),
        limit,
      );
    },
  };
}
