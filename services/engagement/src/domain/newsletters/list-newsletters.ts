import { pageOf, pageResult } from '../page';
import type { NewsletterDeps } from './newsletter-deps';
import { viewOf } from './newsletter-rules';

export function createListNewsletters(deps: NewsletterDeps) {
  const { newsletters, emails } = deps;
  return async function listNewsletters(request: { page?: { limit: number; cursor?: string } }) {
    const page = pageOf(request.page);
    const { items, nextCursor } = pageResult(await newsletters.list(page), page.limit);
    return { items: await Promise.all(items.map((newsletter) => viewOf(emails, newsletter))), nextCursor };
  };
}
