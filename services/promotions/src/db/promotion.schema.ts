import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

/** One discount, offer or voucher; each kind in its own collection of this shape. */
export interface PromotionDocument {
  _id: string;
  n: number;
  kind: string;
  /** Vouchers: the code upper-cased, unique. */
  codeKey?: string;
  name?: string;
  title?: string;
  description?: string;
  imageUrl?: string;
  code?: string;
  service: string;
  percentBps?: number;
  amount?: number;
  maxDiscount?: number;
  minAmount?: number;
  validFrom: Date;
  validUntil: Date;
  audience: string;
  maxRedemptions?: number;
  maxRedemptionsPerHolder?: number;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function promotionSchema(collection: string, withCodes: boolean): Schema<PromotionDocument> {
  const schema = new Schema<PromotionDocument>(
    {
      _id: { type: String, required: true },
      n: { type: Number, required: true },
      kind: { type: String, required: true },
      codeKey: String,
      name: String,
      title: String,
      description: String,
      imageUrl: String,
      code: String,
      service: { type: String, required: true },
      percentBps: Number,
      amount: Number,
      maxDiscount: Number,
      minAmount: Number,
      validFrom: { type: Date, required: true },
      validUntil: { type: Date, required: true },
      audience: { type: String, required: true },
      maxRedemptions: Number,
      maxRedemptionsPerHolder: Number,
      active: { type: Boolean, required: true },
      createdAt: { type: Date, required: true },
      updatedAt: { type: Date, required: true },
    },
    { collection, versionKey: false },
  );
  // Serves the platform's lists, newest first, and their cursor.
  schema.index({ n: -1 });
  // Serves the storefront's `b2c` list (audience, newest first; validity is checked on the few found).
  schema.index({ audience: 1, n: -1 });
  // Codes are unique case-insensitively: the index decides a race between two creations of one code.
  if (withCodes) schema.index({ codeKey: 1 }, { unique: true });
  // Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md); deletes are tombstones.
  withAuditOutbox(schema, { tombstones: true });
  return schema;
}

/** The three kinds' collections: one schema each, only vouchers carry codes. */
export const promotionSchemas = {
  discount: promotionSchema('discounts', false),
  offer: promotionSchema('offers', false),
  voucher: promotionSchema('vouchers', true),
};
