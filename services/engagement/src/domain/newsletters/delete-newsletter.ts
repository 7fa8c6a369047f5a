import type { Logger } from '@travel/logger';
import { logChange } from '../audit';
import type { Staff } from '../records';
import { notDraft } from './newsletter-rules';
import type { NewsletterDeps } from './newsletter-use-cases';

export function createDeleteNewsletter(deps: NewsletterDeps) {
  const { newsletters } = deps;
  return async function deleteNewsletter(request: { actor: Staff; id: string }, logger: Logger) {
    if (!(await newsletters.deleteDraft(request.id))) await notDraft(newsletters, request.id);
    logChange(logger, 'newsletter.deleted', request.actor, { newsletter_id: request.id });
    return request.id;
  };
}
