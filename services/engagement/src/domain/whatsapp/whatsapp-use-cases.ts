import type { LeadRepository } from '../../db/lead.repository';
import type { WhatsappRepository } from '../../db/whatsapp.repository';
import { createReceiveMessages } from './receive-messages';
import { createVerifySubscription } from './verify-subscription';

export interface WhatsappDeps {
  whatsapp: WhatsappRepository;
  leads: LeadRepository;
  now: () => Date;
  verifyToken: string;
  appSecret: string;
}

/** The WhatsApp Cloud API webhook (docs/decisions/engagement.md, "WhatsApp webhook"): the subscription handshake and signed deliveries. */
export function createWhatsappUseCases(deps: WhatsappDeps) {
  return { verifySubscription: createVerifySubscription(deps), receive: createReceiveMessages(deps) };
}
