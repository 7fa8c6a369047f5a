import { changeEntry } from '../audit';
import type { Staff } from '../records';
import type { NewsletterDeps } from './newsletter-deps';
import { notDraft } from './newsletter-rules';

export function createDeleteNewsletter(deps: NewsletterDeps) {
  const { newsletters, now } = deps;
  return async function deleteNewsletter(request: { actor: Staff; id: string }) {
    const entry = changeEntry(request.actor, 'newsletter.deleted', request.id, {}, now());
    if (!(await newsletters.deleteDraft(request.id, entry))) await notDraft(newsletters, request.id);
    return request.id;
  };
}
