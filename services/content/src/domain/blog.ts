import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import type { BlogFormat } from './blog-body';
import { MAX_SLUG, SLUG_PATTERN } from './slug';

export type BlogStatus = 'draft' | 'published' | 'unpublished';

export interface Blog {
  id: string;
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

export const BLOG_STATUSES: readonly BlogStatus[] = ['draft', 'published', 'unpublished'];
export const MAX_BODY = 200_000;

export const blogIdOf = (n: number) => `blg_${n}`;
export const notFound = (id: string) => new AppError('not_found', `No blog post ${id}.`);

/** The editable fields of a post, as a create or an update gives them (absent: not given). */
export interface BlogFields {
  title?: string;
  slug?: string;
  excerpt?: string;
  format?: string;
  body?: string;
  coverImageUrl?: string;
}

/** Every problem with the given fields at once; `required` lists the ones a create must have. */
export function checkBlogFields(fields: BlogFields, required: (keyof BlogFields)[]): void {
  const problems: FieldProblem[] = [];
  for (const name of required)
    if (fields[name] === undefined || fields[name] === '')
      problems.push({ path: name, message: 'is required' });
  const { title, slug, excerpt, format, body, coverImageUrl } = fields;
  if (title !== undefined && (title.trim() === '' || title.length > 200))
    problems.push({ path: 'title', message: 'must be 1 to 200 characters' });
  if (slug !== undefined && (!SLUG_PATTERN.test(slug) || slug.length > MAX_SLUG))
    problems.push({
      path: 'slug',
      message: `must be lower-case letters and digits in words joined by single hyphens, at most ${MAX_SLUG}`,
    });
  if (excerpt !== undefined && excerpt.length > 500)
    problems.push({ path: 'excerpt', message: 'must be at most 500 characters' });
  if (format !== undefined && format !== 'html' && format !== 'markdown')
    problems.push({ path: 'format', message: 'must be html or markdown' });
  if (body !== undefined && body.length > MAX_BODY)
    problems.push({ path: 'body', message: `must be at most ${MAX_BODY} characters` });
  if (coverImageUrl !== undefined && !isWebUrl(coverImageUrl))
    problems.push({ path: 'coverImageUrl', message: 'must be an http(s) URL' });
  if (problems.length > 0) throw badRequest(problems);
}

export function isWebUrl(value: string): boolean {
  if (value.length > 2000) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Where a post may move from: publish from a draft or an unpublished post, unpublish a published one. */
export const MOVES: Record<'published' | 'unpublished', BlogStatus[]> = {
  published: ['draft', 'unpublished'],
  unpublished: ['published'],
};
