import { AppError } from '@travel/errors';
import type { TenantScope } from '@travel/grpc';
import type { Logger } from '@travel/logger';
import { newId } from '../ids';
import type { Lead } from '../records';
import { type InboundMessage, parseMessages } from './parse-messages';
import type { WhatsappDeps } from './whatsapp-deps';
import { isValidSignature } from './whatsapp-signature';

/** The intake works on the platform's own leads only; Meta's signature, checked first, is its credential. */
const PLATFORM: TenantScope = {};

/**
 * Checks the signature over the raw bytes first (a bad one stores nothing), then stores each message
 * once by its id and adds it to its lead's thread (again harmlessly if a redelivery finds it there).
 */
export function createReceiveMessages(deps: WhatsappDeps) {
  /** The lead of a number: the one bound to it, else the platform's lead with that phone, else a new one. */
  const leadFor = async (message: InboundMessage): Promise<string> => {
    const digits = message.from;
    const bound = await deps.whatsapp.leadOfNumber(digits);
    if (bound) return ensureLead(bound, message);
    const existing = await deps.leads.findPlatformByPhone(digits);
    const leadId = await deps.whatsapp.bindNumber(
      digits,
      existing?.id ?? newId('led', deps.now()),
      deps.now(),
    );
    return existing?.id === leadId ? leadId : ensureLead(leadId, message);
  };
  /** A number bound to a lead whose insert did not happen (a crash in between) gets it now. */
  const ensureLead = async (leadId: string, message: InboundMessage): Promise<string> => {
    if (await deps.leads.findById(PLATFORM, leadId)) return leadId;
    const at = deps.now();
    const lead: Lead = {
      id: leadId,
      tenantId: null,
      name: message.profileName ?? `WhatsApp +${message.from}`,
      email: null,
      phone: `+${message.from}`,
      company: null,
      message: message.text || null,
      source: 'whatsapp',
      status: 'new',
      messages: [],
      createdAt: at,
      updatedAt: at,
    };
    await deps.leads.insert(lead);
    return leadId;
  };

  return async function receiveMessages(request: { rawBody: Uint8Array; signature: string }, logger: Logger) {
    if (!isValidSignature(request.rawBody, request.signature, deps.appSecret))
      throw new AppError('unauthorized', 'The X-Hub-Signature-256 header does not match the body.');
    const messages = parseMessages(request.rawBody);
    let stored = 0;
    for (const message of messages) {
      const leadId = await leadFor(message);
      const receivedAt = deps.now();
      const isNew = await deps.whatsapp.storeMessage({
        id: message.id,
        leadId,
        from: message.from,
        type: message.type,
        text: message.text,
        sentAt: message.sentAt,
        receivedAt,
      });
      if (isNew) stored += 1;
      await deps.leads.addMessage(
        PLATFORM,
        leadId,
        {
          id: message.id,
          direction: 'inbound',
          channel: 'whatsapp',
          subject: null,
          body: message.text,
          at: message.sentAt,
          authorUserId: null,
          emailId: null,
        },
        false,
      );
    }
    logger.info({ stored, duplicates: messages.length - stored }, 'whatsapp delivery received');
    return { stored, duplicates: messages.length - stored };
  };
}
