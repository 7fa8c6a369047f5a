import { withAuditOutbox } from '@travel/audit';
import { Schema } from 'mongoose';
import type { BlogStatus } from '../domain/blog';
import type { BlogFormat } from '../domain/blog-body';

export interface BlogDocument {
  _id: string;
  n: number;
  slug: string;
  title: string;
  excerpt?: string;
  format: BlogFormat;
  body: string;
  html: string;
  coverImageUrl?: string;
  status: BlogStatus;
  publishedAt?: Date;
  createdAt: Date;
  updatedAt: Date;
  authorUserId: string;
}

export const blogSchema = new Schema<BlogDocument>(
  {
    _id: { type: String, required: true },
    n: { type: Number, required: true },
    slug: { type: String, required: true },
    title: { type: String, required: true },
    excerpt: { type: String },
    format: { type: String, required: true },
    body: { type: String, default: '' },
    html: { type: String, default: '' },
    coverImageUrl: { type: String },
    status: { type: String, required: true },
    publishedAt: { type: Date },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    authorUserId: { type: String, required: true },
  },
  { collection: 'blogs', versionKey: false, minimize: false },
);
// Decides slug races: of two posts given the same slug at once, one insert fails (E11000). Also serves
// the public read by slug and the scan for the numbered slugs already taken.
blogSchema.index({ slug: 1 }, { unique: true });
// The staff list: newest first, optionally of one status, below a cursor.
blogSchema.index({ n: -1 });
blogSchema.index({ status: 1, n: -1 });
// The public list: published posts, newest published first.
blogSchema.index({ status: 1, publishedAt: -1, n: -1 });
// Its changes' audit entries wait in the document until relayed (docs/decisions/audit.md); deletes are tombstones.
withAuditOutbox(blogSchema, { tombstones: true });
