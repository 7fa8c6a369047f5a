import { createCreateNewsletter } from './create-newsletter';
import { createDeleteNewsletter } from './delete-newsletter';
import { createListNewsletters } from './list-newsletters';
import type { NewsletterDeps } from './newsletter-deps';
import { createSendNewsletter } from './send-newsletter';
import { createUpdateNewsletter } from './update-newsletter';

export type { NewsletterView } from './newsletter-rules';

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

export type { NewsletterDeps } from './newsletter-deps';
