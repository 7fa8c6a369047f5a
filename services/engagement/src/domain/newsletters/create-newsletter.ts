import type { Logger } from '@travel/logger';
import { logChange } from '../audit';
import { newId } from '../ids';
import type { Newsletter, Staff } from '../records';
import { type Content, checkContent, viewOf } from './newsletter-rules';
import type { NewsletterDeps } from './newsletter-use-cases';

export function createCreateNewsletter(deps: NewsletterDeps) {
  const { newsletters, emails, now } = deps;
  return async function createNewsletter(request: Content & { actor: Staff }, logger: Logger) {
    checkContent(request, true);
    const at = now();
    const newsletter: Newsletter = {
      id: newId('nws', at),
      subject: (request.subject ?? '').trim(),
      html: request.html ?? '',
      text: request.text ?? null,
      status: 'draft',
      createdAt: at,
      updatedAt: at,
      sendRequestedAt: null,
      sentAt: null,
      fanoutAfter: null,
    };
    await newsletters.insert(newsletter);
    logChange(logger, 'newsletter.created', request.actor, { newsletter_id: newsletter.id });
    return viewOf(emails, newsletter);
  };
}
