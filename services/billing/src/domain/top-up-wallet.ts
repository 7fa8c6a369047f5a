import type { wallet } from '@travel/contracts';
import { badRequest } from '@travel/errors';
import { type IdempotencyRunner, idempotencyKeyProblems, type Outcome } from '@travel/idempotency';
import type { Logger } from '@travel/logger';
import type { WalletEntries } from '../db/wallet-entry.repository';
import type { WalletEntry } from './wallet';

const MAX_TOP_UP = 10_000_000;

export interface TopUp {
  entry: WalletEntry;
  balance: number;
}

/**
 * A staff credit to a customer's wallet (support, tests), once per `Idempotency-Key` (the platform staff's;
 * docs/idempotency.md): the ledger entry's purpose is `topup:<attempt>`, so the key's attempt credits once
 * whoever finishes it (a retry that took over after a crash finishes the same entry), and a retry of a
 * credit that landed replays it with the balance as it is now. Audited.
 */
export function createTopUpWallet(deps: {
  entries: WalletEntries;
  idempotency: IdempotencyRunner;
  now: () => Date;
  logger: Logger;
}) {
  async function credit(request: wallet.TopUpWalletRequest, actorUserId: string, attempt: string) {
    const entry = await deps.entries.append(
      request.customerId,
      purposeOf(attempt),
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
  }

  return async (request: wallet.TopUpWalletRequest, actorUserId: string): Promise<Outcome<TopUp>> => {
    checkRequest(request);
    return deps.idempotency.perform(
      { scope: `top-up:staff:platform:${request.idempotencyKey}`, fingerprint: request.requestFingerprint },
      {
        find: (attempt) => deps.entries.findByKey(purposeOf(attempt)),
        replay: async (entry) => ({ entry, balance: await deps.entries.balanceOf(entry.customerId) }),
        run: (lease) => credit(request, actorUserId, lease.attempt),
      },
    );
  };
}

const purposeOf = (attempt: string) => `topup:${attempt}`;

function checkRequest(request: wallet.TopUpWalletRequest): void {
  const problems = idempotencyKeyProblems(request.idempotencyKey, request.requestFingerprint);
  if (!request.customerId) problems.push({ path: 'customerId', message: 'is required' });
  if (!Number.isSafeInteger(request.amount) || request.amount < 1 || request.amount > MAX_TOP_UP)
    problems.push({ path: 'amount', message: `must be whole rupees from 1 to ${MAX_TOP_UP}` });
  if (problems.length > 0) throw badRequest(problems);
}
