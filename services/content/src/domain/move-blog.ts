import { type AuditActor, auditEntry } from '@travel/audit';
import { AppError } from '@travel/errors';
import type { BlogRepository } from '../db/blog.repository';
import { type Blog, MOVES, notFound } from './blog';

export interface MoveBlogDeps {
  blogs: BlogRepository;
  now: () => Date;
}

/**
 * Publish (`draft`/`unpublished` → `published`) or unpublish (`published` → `unpublished`). One conditional
 * update on the state it moves from: of two racing moves one lands, the other is `409`. `publishedAt` is the
 * first publication and stays when the post is published again. Audited: `blog.published`, `blog.unpublished`.
 */
export function createMoveBlog(deps: MoveBlogDeps) {
  return async (id: string, to: 'published' | 'unpublished', by: AuditActor): Promise<Blog> => {
    const current = await deps.blogs.findById(id);
    if (!current) throw notFound(id);
    const at = deps.now();
    const changes =
      to === 'published' ? { status: to, publishedAt: current.publishedAt ?? at } : { status: to };
    const entry = auditEntry(
      by,
      { action: `blog.${to}`, target: { type: 'blog', id }, details: { slug: current.slug } },
      at,
    );
    const moved = await deps.blogs.update(id, { ...changes, updatedAt: at }, entry, [], MOVES[to]);
    if (moved) return moved;
    const now = await deps.blogs.findById(id);
    if (!now) throw notFound(id);
    throw new AppError('conflict', `The post ${id} is ${now.status}; it cannot be ${to}.`);
  };
}
