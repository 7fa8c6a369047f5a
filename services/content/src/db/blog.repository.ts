import { type AuditEntry, type AuditOutbox, auditOf, withAuditEntry } from '@travel/audit';
import { modelOn, setAndUnset } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { Blog, BlogStatus } from '../domain/blog';
import { type BlogDocument, blogSchema } from './blog.schema';

export type BlogChanges = Partial<Omit<Blog, 'id' | 'n' | 'createdAt' | 'authorUserId'>>;

export interface BlogRepository {
  /** Throws E11000 when the slug is taken. The entry is stored with the post. */
  insert(blog: Blog, entry: AuditEntry): Promise<void>;
  findById(id: string): Promise<Blog | null>;
  findPublishedBySlug(slug: string): Promise<Blog | null>;
  /** Slugs taken that start with `stem` (a slug's numbered variants all do; the caller picks them out). */
  slugsLike(stem: string): Promise<string[]>;
  /** Newest first below `beforeN`, optionally of one status. */
  list(status: BlogStatus | undefined, beforeN: number | undefined, limit: number): Promise<Blog[]>;
  /** Published posts, newest published first, after the key `[publishedAt ms, n]`. */
  listPublished(after: number[] | undefined, limit: number): Promise<Blog[]>;
  /**
   * The post after the change (`unset` names optional fields to remove), or null if there is none with that
   * id (and, if `from` is given, in one of those states). Throws E11000 when a new slug is taken. The entry
   * is stored in the same write, or not at all.
   */
  update(
    id: string,
    changes: BlogChanges,
    entry: AuditEntry,
    unset?: string[],
    from?: BlogStatus[],
  ): Promise<Blog | null>;
  /** A tombstone holding the entry until it is relayed; its slug is free once the delete is answered. */
  delete(id: string, entry: AuditEntry): Promise<boolean>;
}

export function createBlogRepository(connection: Connection, audit: AuditOutbox): BlogRepository {
  const model = audit.track(modelOn(connection, 'Blog', blogSchema));
  return {
    async insert(blog, entry) {
      const { id, ...fields } = blog;
      await model.create({ ...fields, _id: id, ...auditOf(entry) });
      audit.written();
    },
    async findById(id) {
      const doc = await model.findById(id).lean<BlogDocument>();
      return doc ? toBlog(doc) : null;
    },
    async findPublishedBySlug(slug) {
      const doc = await model.findOne({ slug, status: 'published' }).lean<BlogDocument>();
      return doc ? toBlog(doc) : null;
    },
    async slugsLike(stem) {
      const docs = await model
        .find({ slug: { $regex: `^${stem}` } }, { slug: 1 })
        .lean<Pick<BlogDocument, 'slug'>[]>();
      return docs.map((doc) => doc.slug);
    },
    async list(status, beforeN, limit) {
      const filter = {
        ...(status === undefined ? {} : { status }),
        ...(beforeN === undefined ? {} : { n: { $lt: beforeN } }),
      };
      const docs = await model.find(filter).sort({ n: -1 }).limit(limit).lean<BlogDocument[]>();
      return docs.map(toBlog);
    },
    async listPublished(after, limit) {
      const [at, n] = after ?? [];
      const filter =
        at === undefined || n === undefined
          ? { status: 'published' }
          : {
              status: 'published',
              $or: [{ publishedAt: { $lt: new Date(at) } }, { publishedAt: new Date(at), n: { $lt: n } }],
            };
      const docs = await model
        .find(filter)
        .sort({ publishedAt: -1, n: -1 })
        .limit(limit)
        .lean<BlogDocument[]>();
      return docs.map(toBlog);
    },
    async update(id, changes, entry, unset = [], from = undefined) {
      const filter = from ? { _id: id, status: { $in: from } } : { _id: id };
      const doc = await model
        .findOneAndUpdate(filter, withAuditEntry(setAndUnset(changes, unset), entry), {
          returnDocument: 'after',
        })
        .lean<BlogDocument>();
      if (doc) audit.written();
      return doc ? toBlog(doc) : null;
    },
    async delete(id, entry) {
      return (await audit.tombstone(model, { _id: id }, entry)) !== null;
    },
  };
}

function toBlog(doc: BlogDocument): Blog {
  return {
    id: doc._id,
    n: doc.n,
    slug: doc.slug,
    title: doc.title,
    excerpt: doc.excerpt ?? undefined,
    format: doc.format,
    body: doc.body,
    html: doc.html,
    coverImageUrl: doc.coverImageUrl ?? undefined,
    status: doc.status,
    publishedAt: doc.publishedAt ?? undefined,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    authorUserId: doc.authorUserId,
  };
}
