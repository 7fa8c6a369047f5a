import { createHash } from 'node:crypto';
import { type AuditActor, auditEntry } from '@travel/audit';
import type { wallet } from '@travel/contracts';
import { badRequest } from '@travel/errors';
import { type IdempotencyRunner, idempotencyKeyProblems, type Outcome } from '@travel/idempotency';
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
 * credit that landed replays it with the balance as it is now. Its audit entry (`wallet.topped_up`) is stored in
 * the balance move itself (docs/decisions/audit.md), so it is recorded once however often the key is replayed;
 * its id derives from the attempt, so even a takeover whose move was given back is recorded once by the log.
 */
export function createTopUpWallet(deps: {
  entries: WalletEntries;
  idempotency: IdempotencyRunner;
  now: () => Date;
}) {
  async function credit(request: wallet.TopUpWalletRequest, by: AuditActor, attempt: string) {
    const at = deps.now();
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
      at,
      (entryId) => ({
        ...auditEntry(
          by,
          {
            action: 'wallet.topped_up',
            target: { type: 'customer', id: request.customerId },
            details: { amount: request.amount, entryId },
          },
          at,
        ),
        id: auditEntryIdOf(attempt),
      }),
    );
    if (!entry) throw new Error('a top-up planned no entry');
    return { entry, balance: await deps.entries.balanceOf(request.customerId) };
  }

  return async (request: wallet.TopUpWalletRequest, by: AuditActor): Promise<Outcome<TopUp>> => {
    checkRequest(request);
    return deps.idempotency.perform(
      { scope: `top-up:staff:platform:${request.idempotencyKey}`, fingerprint: request.requestFingerprint },
      {
        find: (attempt) => deps.entries.findByKey(purposeOf(attempt)),
        replay: async (entry) => ({ entry, balance: await deps.entries.balanceOf(entry.customerId) }),
        run: (lease) => credit(request, by, lease.attempt),
      },
    );
  };
}

const purposeOf = (attempt: string) => `topup:${attempt}`;

/** The one event id of an attempt's entry, in the form of every event id (`evt_` and 20 characters). */
function auditEntryIdOf(attempt: string): string {
  const digest = createHash('sha256').update(purposeOf(attempt)).digest('base64url');
  return `evt_${digest.replace(/[-_]/g, '0').slice(0, 20)}`;
}

function checkRequest(request: wallet.TopUpWalletRequest): void {
  const problems = idempotencyKeyProblems(request.idempotencyKey, request.requestFingerprint);
  if (!request.customerId) problems.push({ path: 'customerId', message: 'is required' });
  if (!Number.isSafeInteger(request.amount) || request.amount < 1 || request.amount > MAX_TOP_UP)
    problems.push({ path: 'amount', message: `must be whole rupees from 1 to ${MAX_TOP_UP}` });
  if (problems.length > 0) throw badRequest(problems);
}
