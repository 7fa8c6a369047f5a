import type { BlogRepository } from '../db/blog.repository';
import { notFound } from './blog';

/** Removes a post in any state; its slug is free again. */
export function createDeleteBlog({ blogs }: { blogs: BlogRepository }) {
  return async (id: string): Promise<void> => {
    if (!(await blogs.delete(id))) throw notFound(id);
  };
}
