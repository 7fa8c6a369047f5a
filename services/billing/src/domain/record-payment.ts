import type { billing } from '@travel/contracts';
import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import { type IdempotencyRunner, idempotencyKeyProblems, type Outcome } from '@travel/idempotency';
import type { PaymentRepository } from '../db/payment.repository';
import { checkPayment, type InvoiceView } from './invoice';
import { invoiceAuditEntry } from './invoice-audit';
import type { InvoiceDesk } from './invoice-callers';
import type { InvoiceViews } from './invoice-views';
import type { SettleInvoice } from './settle-invoice';

export interface RecordPaymentDeps {
  payments: PaymentRepository;
  idempotency: IdempotencyRunner;
  views: InvoiceViews;
  settle: SettleInvoice;
  now: () => Date;
}

/** Racing payments each re-read after losing; more losses than this in a row is an overloaded invoice. */
const MAX_TRIES = 25;

/**
 * A payment of a `sent` invoice, once per `Idempotency-Key` (the platform staff's; docs/idempotency.md). It
 * takes the next number `k` of the invoice by a unique insert and carries the running total: a payment that
 * loses the race for `k` reads again and is checked against the new total, so concurrent payments never
 * overpay. The payment carries the key's attempt (unique), so a retry replays it and a takeover after a crash
 * records it once. The one whose total reaches the amount settles the invoice (a read finishes a settle a
 * crash interrupted). The payment is stored with its audit entry (`invoice.payment_recorded`), so the entry is
 * recorded exactly when the payment is.
 */
export function createRecordPayment(deps: RecordPaymentDeps) {
  async function record(
    request: billing.RecordPaymentRequest,
    desk: InvoiceDesk,
    attempt: string,
  ): Promise<InvoiceView> {
    for (let round = 0; round < MAX_TRIES; round++) {
      const view = await deps.views.one(request.invoiceId, desk.scope);
      if (!view) throw new AppError('not_found', `No invoice ${request.invoiceId}.`);
      const total = checkPayment(view, request.amount);
      const k = (view.payments.at(-1)?.k ?? 0) + 1;
      const payment = {
        k,
        amount: request.amount,
        total,
        method: request.method.trim(),
        reference: request.reference ?? null,
        receivedAt: request.receivedAt ?? deps.now(),
      };
      const at = deps.now();
      const entry = invoiceAuditEntry(
        desk,
        'invoice.payment_recorded',
        view.invoice.id,
        { k, amount: payment.amount, total, method: payment.method },
        at,
      );
      if (!(await deps.payments.insert(view.invoice.id, payment, { at, by: desk.userId, attempt, entry }))) {
        // Another finisher of this attempt recorded it: that payment is the answer.
        if (await deps.payments.invoiceOfAttempt(attempt)) return replay(view.invoice.id, desk);
        continue;
      }
      if (total === view.invoice.amount) await deps.settle(view.invoice, total);
      return (await deps.views.one(view.invoice.id, desk.scope, true)) ?? view;
    }
    throw new AppError('conflict', `Too many payments of ${request.invoiceId} at once; try again.`);
  }

  /** The invoice as it stands, with the attempt's payment in it (reading settles one a crash left unsettled). */
  async function replay(invoiceId: string, desk: InvoiceDesk): Promise<InvoiceView> {
    const view = await deps.views.one(invoiceId, desk.scope, true);
    if (!view) throw new AppError('not_found', `No invoice ${invoiceId}.`);
    return view;
  }

  return async (request: billing.RecordPaymentRequest, desk: InvoiceDesk): Promise<Outcome<InvoiceView>> => {
    checkRequest(request);
    return deps.idempotency.perform(
      {
        scope: `invoice-payment:staff:platform:${request.idempotencyKey}`,
        fingerprint: request.requestFingerprint,
      },
      {
        find: (attempt) => deps.payments.invoiceOfAttempt(attempt),
        replay: (invoiceId) => replay(invoiceId, desk),
        run: (lease) => record(request, desk, lease.attempt),
      },
    );
  };
}

function checkRequest(request: billing.RecordPaymentRequest) {
  const problems: FieldProblem[] = [];
  if (!Number.isSafeInteger(request.amount) || request.amount < 1)
    problems.push({ path: 'amount', message: 'must be a whole number of rupees above 0' });
  if (!request.method.trim()) problems.push({ path: 'method', message: 'is required' });
  problems.push(...idempotencyKeyProblems(request.idempotencyKey, request.requestFingerprint));
  if (problems.length > 0) throw badRequest(problems);
}
