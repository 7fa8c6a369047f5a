import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import type { ThemeColors } from '../domain/theme';

export interface ThemeDocument {
  _id: string;
  n: number;
  /** A tenant id, or `platform`. */
  owner: string;
  name: string;
  colors: ThemeColors;
  logoUrl?: string;
  createdAt: Date;
  createdBy: string;
}

/** Which theme an owner has active: one document per owner, so there is never more than one. */
export interface ThemeSelectionDocument {
  _id: string;
  themeId: string;
  at: Date;
}

export const themeSchema = new Schema<ThemeDocument>(
  {
    _id: { type: String, required: true },
    n: { type: Number, required: true },
    owner: { type: String, required: true },
    name: { type: String, required: true },
    colors: { type: Object, required: true },
    logoUrl: { type: String },
    createdAt: { type: Date, required: true },
    createdBy: { type: String, required: true },
  },
  { collection: 'themes', versionKey: false, minimize: false },
);
// One owner's themes, newest first, below a cursor.
themeSchema.index({ owner: 1, n: -1 });

export const themeSelectionSchema = new Schema<ThemeSelectionDocument>(
  {
    _id: { type: String, required: true },
    themeId: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'theme_selections', versionKey: false },
);
// Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md).
withAuditOutbox(themeSchema);
withAuditOutbox(themeSelectionSchema);
