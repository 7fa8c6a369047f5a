import type { EmailRepository } from '../../db/email.repository';
import type { LeadRepository } from '../../db/lead.repository';
/** What the lead use cases are built from (one file below them all, so none imports their index). */
export interface LeadDeps {
  leads: LeadRepository;
  emails: EmailRepository;
  now: () => Date;
  emailsQueued: () => void;
}
