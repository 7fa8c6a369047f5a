import { createReceiveMessages } from './receive-messages';
import { createVerifySubscription } from './verify-subscription';
import type { WhatsappDeps } from './whatsapp-deps';

/** The WhatsApp Cloud API webhook (docs/decisions/engagement.md, "WhatsApp webhook"): the subscription handshake and signed deliveries. */
export function createWhatsappUseCases(deps: WhatsappDeps) {
  return { verifySubscription: createVerifySubscription(deps), receive: createReceiveMessages(deps) };
}

export type { WhatsappDeps } from './whatsapp-deps';
