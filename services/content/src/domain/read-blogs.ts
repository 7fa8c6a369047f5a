import type { content } from '@travel/contracts';
import { AppError, badRequest } from '@travel/errors';
import { pageOfRows, readPageQuery } from '@travel/paging';
import type { BlogRepository } from '../db/blog.repository';
import { BLOG_STATUSES, type Blog, type BlogStatus } from './blog';
import { numberKeyCursors, pairKeyCursors } from './cursor';

export interface BlogPage {
  blogs: Blog[];
  nextCursor: string | undefined;
}

/** Staff: every post newest first, or those of one status. */
export function createListBlogs({ blogs }: { blogs: BlogRepository }) {
  return async (request: content.ListBlogsRequest): Promise<BlogPage> => {
    const { limit, after } = readPageQuery(request, numberKeyCursors);
    const [before] = after ?? [];
    const { status } = request;
    if (status !== undefined && !BLOG_STATUSES.includes(status as BlogStatus))
      throw badRequest([{ path: 'status', message: `must be one of ${BLOG_STATUSES.join(', ')}` }]);
    const rows = await blogs.list(status as BlogStatus | undefined, before, limit + 1);
    const page = pageOfRows(rows, limit, (blog) => numberKeyCursors.encode([blog.n]));
    return { blogs: page.items, nextCursor: page.nextCursor };
  };
}

/** Readers: published posts only, newest published first. */
export function createListPublishedBlogs({ blogs }: { blogs: BlogRepository }) {
  return async (request: content.ListPublishedBlogsRequest): Promise<BlogPage> => {
    const { limit, after } = readPageQuery(request, pairKeyCursors);
    const rows = await blogs.listPublished(after, limit + 1);
    const page = pageOfRows(rows, limit, (blog) =>
      pairKeyCursors.encode([blog.publishedAt?.getTime() ?? 0, blog.n]),
    );
    return { blogs: page.items, nextCursor: page.nextCursor };
  };
}

/** Readers: a draft, an unpublished post and an unknown slug all look the same. */
export function createGetPublishedBlog({ blogs }: { blogs: BlogRepository }) {
  return async (slug: string): Promise<Blog> => {
    const blog = await blogs.findPublishedBySlug(slug);
    if (!blog) throw new AppError('not_found', `No published post ${slug}.`);
    return blog;
  };
}
