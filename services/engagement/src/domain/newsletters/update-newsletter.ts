import { changeEntry } from '../audit';
import type { Staff } from '../records';
import type { NewsletterDeps } from './newsletter-deps';
import { type Content, checkContent, notDraft, viewOf } from './newsletter-rules';

export function createUpdateNewsletter(deps: NewsletterDeps) {
  const { newsletters, emails, now } = deps;
  return async function updateNewsletter(request: Content & { actor: Staff; id: string }) {
    checkContent(request, false);
    const changes = {
      ...(request.subject === undefined ? {} : { subject: request.subject.trim() }),
      ...(request.html === undefined ? {} : { html: request.html }),
      ...(request.text === undefined ? {} : { text: request.text }),
    };
    const at = now();
    const entry = changeEntry(
      request.actor,
      'newsletter.updated',
      request.id,
      { fields: Object.keys(changes) },
      at,
    );
    const updated =
      (await newsletters.updateDraft(request.id, changes, at, entry)) ??
      (await notDraft(newsletters, request.id));
    return viewOf(emails, updated);
  };
}
