import type { EmailRepository } from '../../db/email.repository';
import type { NewsletterRepository } from '../../db/newsletter.repository';
/** What the newsletter use cases are built from (one file below them all, so none imports their index). */
export interface NewsletterDeps {
  newsletters: NewsletterRepository;
  emails: EmailRepository;
  now: () => Date;
  /** Wakes the fan-out job after a send was claimed. */
  sendRequested: () => void;
}
