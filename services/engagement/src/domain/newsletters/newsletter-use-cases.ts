import type { EmailRepository } from '../../db/email.repository';
import type { NewsletterRepository } from '../../db/newsletter.repository';
import { createCreateNewsletter } from './create-newsletter';
import { createDeleteNewsletter } from './delete-newsletter';
import { createListNewsletters } from './list-newsletters';
import { createSendNewsletter } from './send-newsletter';
import { createUpdateNewsletter } from './update-newsletter';

export type { NewsletterView } from './newsletter-rules';

export interface NewsletterDeps {
  newsletters: NewsletterRepository;
  emails: EmailRepository;
  now: () => Date;
  /** Wakes the fan-out job after a send was claimed. */
  sendRequested: () => void;
}

/** Drafts change freely; `send` moves a draft to `sending` once, and the fan-out job does the rest. */
export function createNewsletterUseCases(deps: NewsletterDeps) {
  return {
    list: createListNewsletters(deps),
    create: createCreateNewsletter(deps),
    update: createUpdateNewsletter(deps),
    remove: createDeleteNewsletter(deps),
    send: createSendNewsletter(deps),
  };
}

export type NewsletterUseCases = ReturnType<typeof createNewsletterUseCases>;
