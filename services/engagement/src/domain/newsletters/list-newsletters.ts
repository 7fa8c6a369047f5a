import { pageOf, pageResult } from '../page';
import { viewOf } from './newsletter-rules';
import type { NewsletterDeps } from './newsletter-use-cases';

export function createListNewsletters(deps: NewsletterDeps) {
  const { newsletters, emails } = deps;
  return async function listNewsletters(request: { page?: { limit: number; cursor?: string } }) {
    const page = pageOf(request.page);
    const { items, nextCursor } = pageResult(await newsletters.list(page), page.limit);
    return { items: await Promise.all(items.map((newsletter) => viewOf(emails, newsletter))), nextCursor };
  };
}
