import { type AuditActor, auditEntry } from '@travel/audit';
import type { content } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { type Counters, isDuplicateKeyError } from '@travel/mongo';
import type { BlogRepository } from '../db/blog.repository';
import { type Blog, blogIdOf, checkBlogFields } from './blog';
import { type BlogFormat, renderBody } from './blog-body';
import { numberedSlug, slugNumber, slugOf, slugStem } from './slug';

export interface CreateBlogDeps {
  blogs: BlogRepository;
  counters: Counters;
  now: () => Date;
  /** For the last resort of a crowded slug; tests may pin it. */
  randomSuffix?: () => string;
}

/** Numbered tries before a random suffix: enough for any real run of equal titles. */
const NUMBERED_TRIES = 10;

/**
 * A draft post. Its slug is the one given (taken: `409`) or the title's, numbered `-2`, `-3`, ... when taken.
 * The unique index decides every race: a losing insert tries the next free number, so equal titles created
 * at once get distinct slugs. The post is stored with its audit entry (`blog.created`).
 */
export function createCreateBlog(deps: CreateBlogDeps) {
  const random = deps.randomSuffix ?? (() => Math.random().toString(36).slice(2, 8).padEnd(6, '0'));
  return async (request: content.CreateBlogRequest, by: AuditActor): Promise<Blog> => {
    checkBlogFields(request, ['title', 'body']);
    const at = deps.now();
    const n = await deps.counters.next('blog');
    const blog: Blog = {
      id: blogIdOf(n),
      n,
      slug: request.slug ?? slugOf(request.title),
      title: request.title.trim(),
      excerpt: request.excerpt,
      format: (request.format ?? 'html') as BlogFormat,
      ...renderBody((request.format ?? 'html') as BlogFormat, request.body),
      coverImageUrl: request.coverImageUrl,
      status: 'draft',
      createdAt: at,
      updatedAt: at,
      authorUserId: by.userId ?? '',
    };
    const blogs = auditedInsert(deps.blogs, by);
    if (request.slug !== undefined) {
      if (!(await tryInsert(blogs, blog))) throw slugTaken(blog.slug);
      return blog;
    }
    return insertWithFreeSlug(blogs, blog, random);
  };
}

type Insert = (blog: Blog) => Promise<void>;

/** Each try stores the post with an entry naming the slug it tries. */
function auditedInsert(
  blogs: BlogRepository,
  by: AuditActor,
): { insert: Insert; slugsLike: BlogRepository['slugsLike'] } {
  return {
    insert: (blog) =>
      blogs.insert(
        blog,
        auditEntry(
          by,
          {
            action: 'blog.created',
            target: { type: 'blog', id: blog.id },
            details: { slug: blog.slug, title: blog.title },
          },
          blog.createdAt,
        ),
      ),
    slugsLike: (stem) => blogs.slugsLike(stem),
  };
}

async function insertWithFreeSlug(
  blogs: ReturnType<typeof auditedInsert>,
  blog: Blog,
  random: () => string,
): Promise<Blog> {
  const base = blog.slug;
  let candidate = base;
  for (let attempt = 0; attempt < NUMBERED_TRIES; attempt++) {
    if (await tryInsert(blogs, { ...blog, slug: candidate })) return { ...blog, slug: candidate };
    candidate = numberedSlug(base, nextNumber(base, await blogs.slugsLike(slugStem(base))));
  }
  const last = numberedSlug(base, random());
  if (await tryInsert(blogs, { ...blog, slug: last })) return { ...blog, slug: last };
  throw slugTaken(base);
}

/** One above the highest `base-<n>` taken (at least 2: `base` itself is the first). */
function nextNumber(base: string, taken: string[]): number {
  const numbers = taken.map((slug) => slugNumber(base, slug) ?? 1);
  return Math.max(1, ...numbers) + 1;
}

async function tryInsert(blogs: { insert: Insert }, blog: Blog): Promise<boolean> {
  try {
    await blogs.insert(blog);
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

export const slugTaken = (slug: string) =>
  new AppError('conflict', `The slug ${slug} is taken by another post; choose another.`);
