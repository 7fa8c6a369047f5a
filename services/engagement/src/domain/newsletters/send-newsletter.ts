import { AppError } from '@travel/errors';
import type { NewsletterRepository } from '../../db/newsletter.repository';
import { changeEntry } from '../audit';
import type { Staff } from '../records';
import type { NewsletterDeps } from './newsletter-deps';
import { viewOf } from './newsletter-rules';

export function createSendNewsletter(deps: NewsletterDeps) {
  const { newsletters, emails, now } = deps;
  return async function sendNewsletter(request: { actor: Staff; id: string }) {
    const at = now();
    const entry = changeEntry(request.actor, 'newsletter.sent', request.id, {}, at);
    const claimed =
      (await newsletters.claimSend(request.id, at, entry)) ?? (await alreadySent(newsletters, request.id));
    deps.sendRequested();
    return viewOf(emails, claimed);
  };
}

async function alreadySent(newsletters: NewsletterRepository, id: string): Promise<never> {
  const existing = await newsletters.findById(id);
  if (!existing) throw new AppError('not_found', `Newsletter ${id} does not exist.`);
  throw new AppError('conflict', `Newsletter ${id} was already sent (${existing.status}).`);
}
