import { changeEntry } from '../audit';
import { newId } from '../ids';
import type { Newsletter, Staff } from '../records';
import type { NewsletterDeps } from './newsletter-deps';
import { type Content, checkContent, viewOf } from './newsletter-rules';

export function createCreateNewsletter(deps: NewsletterDeps) {
  const { newsletters, emails, now } = deps;
  return async function createNewsletter(request: Content & { actor: Staff }) {
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
    const details = { subject: newsletter.subject };
    await newsletters.insert(
      newsletter,
      changeEntry(request.actor, 'newsletter.created', newsletter.id, details, at),
    );
    return viewOf(emails, newsletter);
  };
}
