import type { Logger } from '@travel/logger';
import { logChange } from '../audit';
import type { Staff } from '../records';
import { type Content, checkContent, notDraft, viewOf } from './newsletter-rules';
import type { NewsletterDeps } from './newsletter-use-cases';

export function createUpdateNewsletter(deps: NewsletterDeps) {
  const { newsletters, emails, now } = deps;
  return async function updateNewsletter(request: Content & { actor: Staff; id: string }, logger: Logger) {
    checkContent(request, false);
    const changes = {
      ...(request.subject === undefined ? {} : { subject: request.subject.trim() }),
      ...(request.html === undefined ? {} : { html: request.html }),
      ...(request.text === undefined ? {} : { text: request.text }),
    };
    const updated =
      (await newsletters.updateDraft(request.id, changes, now())) ??
      (await notDraft(newsletters, request.id));
    logChange(logger, 'newsletter.updated', request.actor, {
      newsletter_id: request.id,
      fields: Object.keys(changes),
    });
    return viewOf(emails, updated);
  };
}
