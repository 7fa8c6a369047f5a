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
 * first publication and stays when the post is published again.
 */
export function createMoveBlog(deps: MoveBlogDeps) {
  return async (id: string, to: 'published' | 'unpublished'): Promise<Blog> => {
    const current = await deps.blogs.findById(id);
    if (!current) throw notFound(id);
    const at = deps.now();
    const changes =
      to === 'published' ? { status: to, publishedAt: current.publishedAt ?? at } : { status: to };
    const moved = await deps.blogs.update(id, { ...changes, updatedAt: at }, [], MOVES[to]);
    if (moved) return moved;
    const now = await deps.blogs.findById(id);
    if (!now) throw notFound(id);
    throw new AppError('conflict', `The post ${id} is ${now.status}; it cannot be ${to}.`);
  };
}
