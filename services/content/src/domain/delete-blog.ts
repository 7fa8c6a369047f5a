import { type AuditActor, auditEntry } from '@travel/audit';
import type { BlogRepository } from '../db/blog.repository';
import { notFound } from './blog';

/** Removes a post in any state, audited (`blog.deleted`); its slug is free again. */
export function createDeleteBlog({ blogs, now }: { blogs: BlogRepository; now: () => Date }) {
  return async (id: string, by: AuditActor): Promise<void> => {
    const entry = auditEntry(by, { action: 'blog.deleted', target: { type: 'blog', id } }, now());
    if (!(await blogs.delete(id, entry))) throw notFound(id);
  };
}
