import { randomBytes } from 'node:crypto';
import type { wallet } from '@travel/contracts';
import { badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { WalletEntries } from '../db/wallet-entry.repository';
import type { WalletEntry } from './wallet';

const MAX_TOP_UP = 10_000_000;

/** A staff credit to a customer's wallet (support, tests): a new entry each call, audited. */
export function createTopUpWallet(deps: { entries: WalletEntries; now: () => Date; logger: Logger }) {
  return async (
    request: wallet.TopUpWalletRequest,
    actorUserId: string,
  ): Promise<{ entry: WalletEntry; balance: number }> => {
    const problems = [];
    if (!request.customerId) problems.push({ path: 'customerId', message: 'is required' });
    if (!Number.isSafeInteger(request.amount) || request.amount < 1 || request.amount > MAX_TOP_UP)
      problems.push({ path: 'amount', message: `must be whole rupees from 1 to ${MAX_TOP_UP}` });
    if (problems.length > 0) throw badRequest(problems);
    const entry = await deps.entries.append(
      request.customerId,
      `topup:${randomBytes(12).toString('base64url')}`,
      () => ({
        type: 'credit',
        reason: 'top_up',
        amount: request.amount,
        bookingId: null,
        note: request.note ?? null,
      }),
      deps.now(),
    );
    if (!entry) throw new Error('a top-up planned no entry');
    deps.logger.info(
      {
        audit: true,
        action: 'wallet.topped_up',
        actor_user_id: actorUserId,
        customerId: request.customerId,
        amount: request.amount,
      },
      'wallet topped up',
    );
    return { entry, balance: await deps.entries.balanceOf(request.customerId) };
  };
}
