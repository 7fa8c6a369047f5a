import type { wallet } from '@travel/contracts';
import { badRequest } from '@travel/errors';
import { numberCursor, pageOfRows, readPageQuery } from '@travel/paging';
import type { StorefrontPayments } from '../db/storefront-payment.repository';
import type { WalletEntries } from '../db/wallet-entry.repository';

/** `w1:<seq>` and `r1:<n>`: a page continues below that wallet entry or refund. */
const entryCursors = numberCursor('w1:');
const refundCursors = numberCursor('r1:');

function checkCustomer(customerId: string): void {
  if (!customerId) throw badRequest([{ path: 'customerId', message: 'is required' }]);
}

/** `GET /api/wallet`: the balance and the ledger, newest entry first (entries of 0 are decisions, not shown). */
export function createGetWallet(deps: { entries: WalletEntries }) {
  return async (request: wallet.GetWalletRequest) => {
    checkCustomer(request.customerId);
    const { limit, after: below } = readPageQuery(request, entryCursors);
    // The balance first: it finishes any move a crash left half-written, so the page shows it.
    const balance = await deps.entries.balanceOf(request.customerId);
    const rows = await deps.entries.page(request.customerId, below, limit + 1);
    const { items, nextCursor } = pageOfRows(rows, limit, (last) => entryCursors.encode(last.seq));
    return { balance, entries: items, nextCursor };
  };
}

/** `GET /api/refunds`: the customer's refunds, newest first. */
export function createListRefunds(deps: { payments: StorefrontPayments }) {
  return async (request: wallet.ListRefundsRequest) => {
    checkCustomer(request.customerId);
    const { limit, after: below } = readPageQuery(request, refundCursors);
    const rows = await deps.payments.refundsOf(request.customerId, below, limit + 1);
    const { items, nextCursor } = pageOfRows(rows, limit, (last) => refundCursors.encode(last.n));
    return { refunds: items, nextCursor };
  };
}
