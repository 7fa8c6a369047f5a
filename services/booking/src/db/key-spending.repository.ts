import { createWriteCombiner, insertWholeIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { type KeySpendingDocument, keySpendingSchema } from './key-spending.schema';

const RETAIN_MS = 8 * 86_400_000;
const MAX_ROUNDS = 5;

export interface KeySpendingLedger {
  /**
   * Adds `amount` to the key's day if the total stays within `dailyLimit` (null: no limit), in one
   * conditional update (one write a booking once the day's row exists; without a daily limit, the bookings
   * of one key that arrive together share one). When refused, the day's total as
   * read just after.
   */
  reserve(
    keyId: string,
    day: string,
    amount: number,
    dailyLimit: number | null,
  ): Promise<{ reserved: true } | { reserved: false; spent: number }>;
  /** Gives back what a failed booking reserved. */
  release(keyId: string, day: string, amount: number): Promise<void>;
  /** The key's total of a day (0 when nothing was booked). */
  spentOn(keyId: string, day: string): Promise<number>;
}

export function createKeySpendingLedger(connection: Connection): KeySpendingLedger {
  const model = modelOn(connection, 'KeySpending', keySpendingSchema);
  const idOf = (keyId: string, day: string) => `${keyId}:${day}`;
  const findRow = (_id: string) => model.collection.findOne<KeySpendingDocument>({ _id } as object);
  const spentOn = async (keyId: string, day: string) => (await findRow(idOf(keyId, day)))?.spent ?? 0;
  const newRow = (_id: string, keyId: string, day: string) => {
    const expiresAt = new Date(Date.parse(`${day}T00:00:00Z`) + RETAIN_MS);
    return insertWholeIfAbsent(model, { _id, keyId, day, spent: 0, expiresAt });
  };
  /**
   * A key without a daily limit is only counted (a limit set later that day counts its bookings), never
   * refused: the bookings of one key that arrive while its `$inc` is out are added by the next one, as one
   * sum. Each booking still goes on only once the write holding its amount has landed.
   */
  const count = createWriteCombiner<{ keyId: string; day: string; amount: number }>(async (_id, adds) => {
    const sum = adds.reduce((total, add) => total + add.amount, 0);
    const first = adds[0] as (typeof adds)[number];
    for (let round = 0; round < 2; round++) {
      const updated = await model.collection.updateOne({ _id } as object, { $inc: { spent: sum } });
      if (updated.matchedCount === 1) return [];
      await newRow(_id, first.keyId, first.day);
    }
    throw new Error(`key spending ${_id}: its row is missing`);
  });
  return {
    async reserve(keyId, day, amount, dailyLimit) {
      const _id = idOf(keyId, day);
      if (dailyLimit === null) {
        await count(_id, { keyId, day, amount });
        return { reserved: true };
      }
      const fits = { spent: { $lte: dailyLimit - amount } };
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const updated = await model.collection.updateOne({ _id, ...fits } as object, {
          $inc: { spent: amount },
        });
        if (updated.modifiedCount === 1) return { reserved: true };
        const row = await findRow(_id);
        if (row && row.spent + amount > dailyLimit) return { reserved: false, spent: row.spent };
        // No row: the key's first booking of the day makes it, by a unique insert, never an upsert (racing
        // upserts are not safe on the embedded store, docs/decisions/data.md "Data"). A row that fits now appeared, or
        // was given back into, since the update: either way the same conditional update runs again.
        if (!row) await newRow(_id, keyId, day);
      }
      throw new Error(`key spending ${_id}: no decision after ${MAX_ROUNDS} rounds`);
    },
    async release(keyId, day, amount) {
      await model.collection.updateOne({ _id: idOf(keyId, day) } as object, { $inc: { spent: -amount } });
    },
    spentOn,
  };
}
