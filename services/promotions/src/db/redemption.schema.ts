import { Schema } from 'mongoose';

/**
 * One redemption of a voucher by a booking. For a voucher with `maxRedemptions` N the `_id` is one of N
 * slots (`<voucherId>#<k>`, k < N), so the unique `_id` makes the limit exact under any concurrency; an
 * unlimited voucher's `_id` is `<voucherId>@<bookingId>`. Released redemptions are deleted: the slot is free.
 */
export interface RedemptionDocument {
  _id: string;
  voucherId: string;
  code: string;
  bookingId: string;
  /** What the booking was called when it reserved (its id, or a key standing for it); the holder slot's key. */
  reservationKey: string;
  holderKey: string;
  discount: number;
  /** `reserved` until the booking confirms it, then `confirmed`; `expiring` while the sweeper gives it back. */
  status: string;
  /** Reserved only: given back by the sweeper after this. */
  expiresAt?: Date;
  createdAt: Date;
}

export const redemptionSchema = new Schema<RedemptionDocument>(
  {
    _id: { type: String, required: true },
    voucherId: { type: String, required: true },
    code: { type: String, required: true },
    bookingId: { type: String, required: true },
    reservationKey: { type: String, required: true },
    holderKey: { type: String, required: true },
    discount: { type: Number, required: true },
    status: { type: String, required: true },
    expiresAt: Date,
    createdAt: { type: Date, required: true },
  },
  { collection: 'voucher_redemptions', versionKey: false },
);
// One redemption of a voucher per booking (a retried booking finds its own); also serves a voucher's count
// and its taken slots.
redemptionSchema.index({ voucherId: 1, bookingId: 1 }, { unique: true });
// Serves confirm and release, which name the booking only.
redemptionSchema.index({ bookingId: 1 });
// Serves the sweeper: reserved redemptions past their expiry, and those it left half given back.
redemptionSchema.index({ status: 1, expiresAt: 1 });

/**
 * One of a holder's `maxRedemptionsPerHolder` slots of a voucher: `_id` `<voucherId>|<holderKey>#<k>`,
 * taken beside the redemption and freed with it.
 */
export interface HolderSlotDocument {
  _id: string;
  voucherId: string;
  holderKey: string;
  /** The redemption's `reservationKey` (never rebound, so a slot is always found by it). */
  bookingId: string;
  createdAt: Date;
}

export const holderSlotSchema = new Schema<HolderSlotDocument>(
  {
    _id: { type: String, required: true },
    voucherId: { type: String, required: true },
    holderKey: { type: String, required: true },
    bookingId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'voucher_holder_slots', versionKey: false },
);
// Serves a holder's taken slots and count for one voucher.
holderSlotSchema.index({ voucherId: 1, holderKey: 1 });
// Serves freeing the slot of a released redemption.
holderSlotSchema.index({ voucherId: 1, bookingId: 1 });
