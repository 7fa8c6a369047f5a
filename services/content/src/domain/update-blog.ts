import { type AuditActor, auditEntry } from '@travel/audit';
import type { content } from '@travel/contracts';
import { isDuplicateKeyError } from '@travel/mongo';
import type { BlogChanges, BlogRepository } from '../db/blog.repository';
import { type Blog, checkBlogFields, notFound } from './blog';
import { type BlogFormat, renderBody } from './blog-body';
import { slugTaken } from './create-blog';

export interface UpdateBlogDeps {
  blogs: BlogRepository;
  now: () => Date;
}

/**
 * Changes what is given; an empty `excerpt` or `coverImageUrl` removes it. The slug changes only when given
 * (a published link keeps working when the title is edited); a slug another post holds is `409`. Audited
 * (`blog.updated`, naming the fields given).
 */
export function createUpdateBlog(deps: UpdateBlogDeps) {
  return async (request: content.UpdateBlogRequest, by: AuditActor): Promise<Blog> => {
    const { excerpt, coverImageUrl } = request;
    checkBlogFields(
      { ...request, excerpt: excerpt || undefined, coverImageUrl: coverImageUrl || undefined },
      [],
    );
    const current = await deps.blogs.findById(request.id);
    if (!current) throw notFound(request.id);
    const changes: BlogChanges = { updatedAt: deps.now() };
    if (request.title !== undefined) changes.title = request.title.trim();
    if (request.slug !== undefined) changes.slug = request.slug;
    if (excerpt) changes.excerpt = excerpt;
    if (coverImageUrl) changes.coverImageUrl = coverImageUrl;
    if (request.body !== undefined || request.format !== undefined) {
      const format = (request.format ?? current.format) as BlogFormat;
      Object.assign(changes, { format, ...renderBody(format, request.body ?? current.body) });
    }
    const unset = [
      ...(excerpt === '' ? ['excerpt'] : []),
      ...(coverImageUrl === '' ? ['coverImageUrl'] : []),
    ];
    const fields = Object.entries(request)
      .filter(([field, value]) => value !== undefined && field !== 'id' && field !== 'caller')
      .map(([field]) => field);
    const entry = auditEntry(
      by,
      { action: 'blog.updated', target: { type: 'blog', id: request.id }, details: { fields } },
      changes.updatedAt ?? deps.now(),
    );
    try {
      return (
        (await deps.blogs.update(request.id, changes, entry, unset)) ?? Promise.reject(notFound(request.id))
      );
    } catch (error) {
      if (isDuplicateKeyError(error)) throw slugTaken(request.slug ?? current.slug);
      throw error;
    }
  };
}
