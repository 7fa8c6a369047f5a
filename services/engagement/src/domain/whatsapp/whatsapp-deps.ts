import type { LeadRepository } from '../../db/lead.repository';
import type { WhatsappRepository } from '../../db/whatsapp.repository';
/** What the whatsapp use cases are built from (one file below them all, so none imports their index). */
export interface WhatsappDeps {
  whatsapp: WhatsappRepository;
  leads: LeadRepository;
  now: () => Date;
  verifyToken: string;
  appSecret: string;
}
