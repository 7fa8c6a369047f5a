import type { billing } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { LineRepository } from '../db/line.repository';
import type { MarkRepository } from '../db/mark.repository';
import { checkMove, type InvoiceView } from './invoice';
import { invoiceAuditEntry } from './invoice-audit';
import type { InvoiceDesk } from './invoice-callers';
import type { InvoiceViews } from './invoice-views';

export interface UpdateInvoiceDeps {
  marks: MarkRepository;
  lines: LineRepository;
  views: InvoiceViews;
  now: () => Date;
}

/**
 * `draft` → `sent`, `draft`/`sent` → `cancelled`; anything else is `409 conflict`. Each move is one insert,
 * so of two racing moves to the same place one lands and the other is `409`. A cancelled invoice gives its
 * lines back: the tenant's next invoice picks them up. The move's mark is stored with its audit entry
 * (`invoice.sent`, `invoice.cancelled`): a move that lost the race wrote nothing and records nothing.
 */
export function createUpdateInvoice(deps: UpdateInvoiceDeps) {
  return async (request: billing.UpdateInvoiceRequest, desk: InvoiceDesk): Promise<InvoiceView> => {
    const view = await deps.views.one(request.id, desk.scope);
    if (!view) throw new AppError('not_found', `No invoice ${request.id}.`);
    const { invoice } = view;
    const move = checkMove(invoice, view.status, request.status);
    const at = deps.now();
    const entry = invoiceAuditEntry(desk, `invoice.${move}`, invoice.id, { from: view.status }, at);
    const moved =
      move === 'sent'
        ? await deps.marks.markSent(invoice, at, entry)
        : await deps.marks.markEnd(invoice, 'cancelled', at, { entry });
    const after = await deps.views.one(invoice.id, desk.scope, true);
    if (!after) throw new Error(`invoice ${invoice.id} vanished`);
    if (!moved) checkMove(invoice, after.status, request.status); // someone else moved it first: say how
    if (move === 'cancelled') await deps.lines.release(invoice.id, invoice.lineIds);
    return after;
  };
}
