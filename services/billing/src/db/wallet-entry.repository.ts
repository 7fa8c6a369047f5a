import { type AuditEntry, type AuditOutbox, createAuditOutbox, withAuditEntry } from '@travel/audit';
import { type Counters, insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { BillingCrashHook } from '../domain/crash-points';
import { type EntryPlan, signedAmount, type WalletEntry } from '../domain/wallet';
import {
  type WalletDocument,
  type WalletEntryDocument,
  walletEntrySchema,
  walletSchema,
} from './wallet-entry.schema';

export interface WalletEntries {
  /** The balance (0 for a customer without a wallet), every applied entry in the ledger first. */
  balanceOf(customerId: string): Promise<number>;
  /**
   * Applies the entry `plan` decides from the current balance, once per `key`: the entry applied now, or
   * the one applied earlier under that key (a retry). `plan` answering null applies nothing. `audited` makes
   * the move's audit entry (given the ledger entry's id): it is stored in the same write as the move, so only
   * the write that moves the money records it (a retry or a finisher of the same key records nothing more).
   */
  append(
    customerId: string,
    key: string,
    plan: (balance: number) => EntryPlan | null,
    at: Date,
    audited?: (entryId: string) => AuditEntry,
  ): Promise<WalletEntry | null>;
  /** The entry in the ledger for this purpose, or null (a move still pending is not in the ledger yet). */
  findByKey(key: string): Promise<WalletEntry | null>;
  /** Entries with an amount, newest first, below `beforeSeq` (all when absent). */
  page(customerId: string, beforeSeq: number | undefined, limit: number): Promise<WalletEntry[]>;
}

/** Losing the balance to other debits this often in a row means something is wrong, not busy. */
const MAX_ROUNDS = 50;
/** A pending entry older than this was left by a crash: whoever touches the wallet finishes it. */
const PENDING_GRACE_MS = 2000;

/**
 * The wallet ledger on MongoDB semantics, without transactions (docs/decisions/bookings.md "Wallet ledger"):
 * 1. the balance moves by one conditional update of the wallet document, which also pushes the entry to
 *    its `pending` list (a debit only while `balance ≥ amount`, so it never goes below zero however many
 *    debits race; a purpose only while it is not pending already);
 * 2. the entry is inserted into the ledger (unique `key`), then pulled from `pending`.
 * A crash between 1 and 2 leaves the entry pending: a retry of its purpose, or any touch of the wallet once it
 * is older than a grace period, finishes it. If
 * a second writer of the same purpose slipped past step 1 after the first one's entry left `pending`, its
 * insert collides on `key` and it gives its move back (one conditional update), so a purpose moves money once.
 */
export function createWalletEntries(
  connection: Connection,
  options: { counters: Counters; now: () => Date; crash?: BillingCrashHook; audit?: AuditOutbox },
): WalletEntries {
  const { counters, now, crash = () => {}, audit = createAuditOutbox() } = options;
  const entries = modelOn(connection, 'WalletEntry', walletEntrySchema);
  const wallets = audit.track(modelOn(connection, 'Wallet', walletSchema));
  const findByKey = async (key: string) =>
    toEntry(await entries.findOne({ key }).lean<WalletEntryDocument>());

  /** Step 2 for one applied entry; idempotent, so a crash's leftovers and live writers may both run it. */
  async function finish(entry: WalletEntryDocument): Promise<WalletEntry> {
    if (!(await insertIfAbsent(entries, entry))) {
      const holder = await findByKey(entry.key);
      if (holder && holder.id !== entry._id) {
        // Another entry holds this purpose: give this move back, once (only while it is still pending).
        await wallets.updateOne(
          { _id: entry.customerId, 'pending._id': entry._id },
          { $inc: { balance: -signedAmount(entry) }, $pull: { pending: { _id: entry._id } } },
        );
        return holder;
      }
    }
    await wallets.updateOne({ _id: entry.customerId }, { $pull: { pending: { _id: entry._id } } });
    return toEntry(entry) as WalletEntry;
  }

  /**
   * The wallet, created empty on first use, with the moves a crash left half-written finished: pending
   * entries older than `PENDING_GRACE_MS` (a live writer finishes its own within milliseconds; finishing
   * each other's would only multiply the writes of racing payers).
   */
  async function settled(customerId: string): Promise<WalletDocument> {
    let wallet = await wallets.findById(customerId).lean<WalletDocument>();
    if (!wallet) {
      // Created once by a unique insert (never a racing upsert; see docs/decisions/data.md "Data").
      await insertIfAbsent(wallets, { _id: customerId, balance: 0, pending: [] });
      wallet = await wallets.findById(customerId).lean<WalletDocument>();
      if (!wallet) throw new Error(`wallet ${customerId} vanished after its creation`);
    }
    const before = now().getTime() - PENDING_GRACE_MS;
    const stale = wallet.pending.filter((entry) => new Date(entry.createdAt).getTime() < before);
    if (stale.length === 0) return wallet;
    for (const entry of stale) await finish(entry);
    return (await wallets.findById(customerId).lean<WalletDocument>()) ?? wallet;
  }

  return {
    async balanceOf(customerId) {
      if (!(await wallets.exists({ _id: customerId }))) return 0;
      return (await settled(customerId)).balance;
    },
    async append(customerId, key, plan, at, audited) {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const known = await findByKey(key);
        if (known) return known;
        const wallet = await settled(customerId);
        // This very purpose was applied and its writer died (or is finishing): finish it, whatever its age.
        const mine = wallet.pending.find((entry) => entry.key === key);
        if (mine) return finish(mine);
        const planned = plan(wallet.balance);
        if (!planned) return null;
        if (!Number.isSafeInteger(planned.amount) || planned.amount < 0)
          throw new Error(`wallet ${customerId}: an entry of ${planned.amount}`);
        const seq = await counters.next('wallet_entry');
        const entry: WalletEntryDocument = {
          _id: `wle_${seq}`,
          seq,
          customerId,
          key,
          ...planned,
          createdAt: at,
        };
        const guard = planned.type === 'debit' ? { balance: { $gte: planned.amount } } : {};
        const move = { $inc: { balance: signedAmount(entry) }, $push: { pending: entry } };
        const moved = await wallets.updateOne(
          { _id: customerId, 'pending.key': { $ne: key }, ...guard },
          audited ? withAuditEntry(move, audited(entry._id)) : move,
        );
        if (moved.modifiedCount === 1) {
          if (audited) audit.written();
          crash('between-wallet-writes');
          return finish(entry);
        }
        // The balance fell below the share (another debit landed), or this purpose is being written: again.
      }
      throw new Error(`wallet ${customerId}: no move after ${MAX_ROUNDS} rounds`);
    },
    findByKey,
    async page(customerId, beforeSeq, limit) {
      const below = beforeSeq === undefined ? {} : { seq: { $lt: beforeSeq } };
      const docs = await entries
        .find({ customerId, amount: { $gt: 0 }, ...below })
        .sort({ seq: -1 })
        .limit(limit)
        .lean<WalletEntryDocument[]>();
      return docs.map(toEntry).filter((entry) => entry !== null);
    },
  };
}

function toEntry(doc: WalletEntryDocument | null): WalletEntry | null {
  if (!doc) return null;
  const { _id, ...fields } = doc;
  return { ...fields, id: _id, bookingId: doc.bookingId ?? null, note: doc.note ?? null };
}
