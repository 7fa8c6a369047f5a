import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import { holderSlotSchema, type RedemptionDocument, redemptionSchema } from './redemption.schema';

export type Redemption = Omit<RedemptionDocument, '_id' | 'expiresAt'> & { id: string; expiresAt?: Date };

/** How many slots a claim may lose to others before it reads the taken ones again (bounded work per call). */
const MAX_ROUNDS = 50;

export interface RedemptionRepository {
  findByVoucherAndBooking(voucherId: string, bookingId: string): Promise<Redemption | null>;
  findByBooking(bookingId: string): Promise<Redemption | null>;
  /**
   * Takes a free slot among `limit` (or the booking's own slot when there is no limit): the redemption, or
   * null when every slot is held. A redemption the booking holds already is answered as it is.
   */
  claim(redemption: Omit<Redemption, 'id'>, limit: number | undefined): Promise<Redemption | null>;
  /** Takes one of the holder's `limit` slots for the booking; false when the holder has used them all. */
  claimHolderSlot(
    voucherId: string,
    holderKey: string,
    bookingId: string,
    limit: number,
    at: Date,
  ): Promise<boolean>;
  countOf(voucherId: string): Promise<number>;
  countOfHolder(voucherId: string, holderKey: string): Promise<number>;
  /**
   * `reserved` → `confirmed`, bound to `bookingId` when it was reserved under `reservationKey` (one
   * document, one update); the redemption after, null when none is held.
   */
  confirm(bookingId: string, reservationKey?: string): Promise<Redemption | null>;
  /** Frees the redemption and its holder slot; false when it was not there (already released). */
  release(redemption: Redemption): Promise<boolean>;
  /** Reserved redemptions past `expiresAt`, and any a sweep left `expiring`. */
  expired(at: Date, limit: number): Promise<Redemption[]>;
  /** `reserved` → `expiring` unless the booking confirmed it first. */
  markExpiring(redemption: Redemption, at: Date): Promise<boolean>;
}

export function createRedemptionRepository(connection: Connection): RedemptionRepository {
  const redemptions = modelOn(connection, 'VoucherRedemption', redemptionSchema);
  const holderSlots = modelOn(connection, 'VoucherHolderSlot', holderSlotSchema);
  const toRedemption = ({ _id, expiresAt, ...rest }: RedemptionDocument): Redemption => ({
    id: _id,
    ...rest,
    ...(expiresAt ? { expiresAt } : {}),
  });
  const findOne = async (query: object) => {
    const doc = await redemptions.findOne(query).lean<RedemptionDocument>();
    return doc ? toRedemption(doc) : null;
  };
  return {
    findByVoucherAndBooking: (voucherId, bookingId) => findOne({ voucherId, bookingId }),
    findByBooking: (bookingId) => findOne({ bookingId }),
    async claim(redemption, limit) {
      const { voucherId, bookingId } = redemption;
      const slots = async () => {
        const docs = await redemptions.find({ voucherId }, { _id: 1 }).lean<Array<{ _id: string }>>();
        return new Set(docs.map((doc) => doc._id));
      };
      const ids =
        limit === undefined
          ? () => Promise.resolve([`${voucherId}@${bookingId}`])
          : async () => freeSlots(await slots(), `${voucherId}#`, limit);
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const free = await ids();
        if (free.length === 0) return findOne({ voucherId, bookingId });
        // A random free slot: thirty bookings racing for five slots rarely pick the same one twice.
        const id = free[Math.floor(Math.random() * free.length)] as string;
        if (await insertIfAbsent(redemptions, { _id: id, ...redemption })) return { id, ...redemption };
        // Lost the slot, or this booking holds a redemption already (the unique voucher + booking index).
        const own = await findOne({ voucherId, bookingId });
        if (own) return own;
      }
      throw new Error(`voucher ${voucherId}: no slot taken after ${MAX_ROUNDS} rounds`);
    },
    async claimHolderSlot(voucherId, holderKey, bookingId, limit, at) {
      const prefix = `${voucherId}|${holderKey}#`;
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const own = await holderSlots.exists({ voucherId, bookingId, holderKey });
        if (own) return true;
        const docs = await holderSlots
          .find({ voucherId, holderKey }, { _id: 1 })
          .lean<Array<{ _id: string }>>();
        const free = freeSlots(new Set(docs.map((doc) => doc._id)), prefix, limit);
        if (free.length === 0) return false;
        const id = free[Math.floor(Math.random() * free.length)] as string;
        if (await insertIfAbsent(holderSlots, { _id: id, voucherId, holderKey, bookingId, createdAt: at }))
          return true;
      }
      throw new Error(`voucher ${voucherId}: no holder slot taken after ${MAX_ROUNDS} rounds`);
    },
    countOf: (voucherId) => redemptions.countDocuments({ voucherId }),
    countOfHolder: (voucherId, holderKey) => holderSlots.countDocuments({ voucherId, holderKey }),
    async confirm(bookingId, reservationKey) {
      const doc = await redemptions
        .findOneAndUpdate(
          { bookingId: reservationKey ?? bookingId, status: 'reserved' },
          { $set: { status: 'confirmed', bookingId }, $unset: { expiresAt: 1 } },
          { returnDocument: 'after' },
        )
        .lean<RedemptionDocument>();
      return doc ? toRedemption(doc) : findOne({ bookingId, status: 'confirmed' });
    },
    async release({ id, voucherId, bookingId, reservationKey }) {
      // The holder slot first: a crash between leaves the redemption, and the retry frees both.
      await holderSlots.deleteMany({ voucherId, bookingId: reservationKey });
      return (await redemptions.deleteOne({ _id: id, bookingId })).deletedCount === 1;
    },
    async expired(at, limit) {
      const docs = await redemptions
        .find({ $or: [{ status: 'reserved', expiresAt: { $lte: at } }, { status: 'expiring' }] })
        .limit(limit)
        .lean<RedemptionDocument[]>();
      return docs.map(toRedemption);
    },
    async markExpiring({ id, bookingId }, at) {
      const moved = await redemptions.updateOne(
        { _id: id, bookingId, status: 'reserved', expiresAt: { $lte: at } },
        { $set: { status: 'expiring' } },
      );
      return moved.modifiedCount === 1;
    },
  };
}

function freeSlots(taken: Set<string>, prefix: string, limit: number): string[] {
  const free: string[] = [];
  for (let k = 0; k < limit; k += 1) if (!taken.has(`${prefix}${k}`)) free.push(`${prefix}${k}`);
  return free;
}
