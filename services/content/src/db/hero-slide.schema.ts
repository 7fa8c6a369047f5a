import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';

export interface HeroSlideDocument {
  _id: string;
  n: number;
  title: string;
  imageUrl: string;
  linkUrl?: string;
  position: number;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const heroSlideSchema = new Schema<HeroSlideDocument>(
  {
    _id: { type: String, required: true },
    n: { type: Number, required: true },
    title: { type: String, required: true },
    imageUrl: { type: String, required: true },
    linkUrl: { type: String },
    position: { type: Number, required: true },
    active: { type: Boolean, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'hero_slides', versionKey: false, minimize: false },
);
// The staff list: every slide by position, then creation, after a cursor.
heroSlideSchema.index({ position: 1, n: 1 });
// The storefront list: active slides by position.
heroSlideSchema.index({ active: 1, position: 1, n: 1 });
// Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md); deletes are tombstones.
withAuditOutbox(heroSlideSchema, { tombstones: true });
