import type { wallet } from '@travel/contracts';
import { badRequest } from '@travel/errors';
import type { StorefrontPayments } from '../db/storefront-payment.repository';
import type { WalletEntries } from '../db/wallet-entry.repository';
import { checkLimit, cursorCodec } from './cursor';

const entryCursors = cursorCodec('w1:');
const refundCursors = cursorCodec('r1:');

function checkCustomer(customerId: string): void {
  if (!customerId) throw badRequest([{ path: 'customerId', message: 'is required' }]);
}

/** `GET /api/wallet`: the balance and the ledger, newest entry first (entries of 0 are decisions, not shown). */
export function createGetWallet(deps: { entries: WalletEntries }) {
  return async (request: wallet.GetWalletRequest) => {
    checkCustomer(request.customerId);
    const limit = checkLimit(request.limit);
    const below = entryCursors.decode(request.cursor);
    // The balance first: it finishes any move a crash left half-written, so the page shows it.
    const balance = await deps.entries.balanceOf(request.customerId);
    const rows = await deps.entries.page(request.customerId, below, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      balance,
      entries: page,
      nextCursor: rows.length > limit && last ? entryCursors.encode(last.seq) : undefined,
    };
  };
}

/** `GET /api/refunds`: the customer's refunds, newest first. */
export function createListRefunds(deps: { payments: StorefrontPayments }) {
  return async (request: wallet.ListRefundsRequest) => {
    checkCustomer(request.customerId);
    const limit = checkLimit(request.limit);
    const rows = await deps.payments.refundsOf(
      request.customerId,
      refundCursors.decode(request.cursor),
      limit + 1,
    );
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      refunds: page,
      nextCursor: rows.length > limit && last ? refundCursors.encode(last.n) : undefined,
    };
  };
}
