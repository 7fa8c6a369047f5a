import { timingSafeEqual } from 'node:crypto';
import { AppError } from '@travel/errors';
import type { TenantScope } from '@travel/grpc';
import type { Logger } from '@travel/logger';
import type { LeadRepository } from '../../db/lead.repository';
import type { WhatsappRepository } from '../../db/whatsapp.repository';
import { newId } from '../ids';
import type { Lead } from '../records';
import { digitsOf } from './phone';
import { isValidSignature } from './whatsapp-signature';

/** The intake works on the platform's own leads only; Meta's signature, checked first, is its credential. */
const PLATFORM: TenantScope = {};

export interface WhatsappDeps {
  whatsapp: WhatsappRepository;
  leads: LeadRepository;
  now: () => Date;
  verifyToken: string;
  appSecret: string;
}

/** One inbound message as the Cloud API's `messages` webhook carries it. */
interface InboundMessage {
  id: string;
  from: string;
  type: string;
  text: string;
  sentAt: Date;
  profileName: string | null;
}

/** The WhatsApp Cloud API webhook (decisions.md): the subscription handshake and signed deliveries. */
export function createWhatsappUseCases(deps: WhatsappDeps) {
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

  return {
    verifySubscription(request: { mode: string; verifyToken: string; challenge: string }) {
      if (request.mode !== 'subscribe' || !safeEquals(request.verifyToken, deps.verifyToken))
        throw new AppError('forbidden', 'The verify token does not match.');
      return request.challenge;
    },
    /**
     * Checks the signature over the raw bytes first (a bad one stores nothing), then stores each message
     * once by its id and adds it to its lead's thread (again harmlessly if a redelivery finds it there).
     */
    async receive(request: { rawBody: Uint8Array; signature: string }, logger: Logger) {
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
    },
  };
}

/** The messages of a delivery; statuses and other fields are acknowledged and ignored. */
function parseMessages(rawBody: Uint8Array): InboundMessage[] {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(rawBody).toString('utf8'));
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON.');
  }
  const found: InboundMessage[] = [];
  for (const entry of arrayOf((body as { entry?: unknown })?.entry)) {
    for (const change of arrayOf((entry as { changes?: unknown })?.changes)) {
      const value = (change as { value?: Record<string, unknown> })?.value ?? {};
      const names = new Map(
        arrayOf(value.contacts).map((c) => {
          const contact = c as { wa_id?: unknown; profile?: { name?: unknown } };
          return [String(contact.wa_id ?? ''), String(contact.profile?.name ?? '')];
        }),
      );
      for (const item of arrayOf(value.messages)) found.push(...messageOf(item, names));
    }
  }
  return found;
}

function messageOf(item: unknown, names: Map<string, string>): InboundMessage[] {
  const m = item as {
    id?: unknown;
    from?: unknown;
    type?: unknown;
    timestamp?: unknown;
    text?: { body?: unknown };
  };
  const from = digitsOf(typeof m.from === 'string' ? m.from : null);
  if (typeof m.id !== 'string' || m.id.length === 0 || m.id.length > 200 || !from) return [];
  const seconds = Number(m.timestamp);
  const type = typeof m.type === 'string' ? m.type : 'unknown';
  return [
    {
      id: m.id,
      from,
      type,
      text: typeof m.text?.body === 'string' ? m.text.body.slice(0, 10_000) : `[${type}]`,
      sentAt: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
      profileName: names.get(from) || null,
    },
  ];
}

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function safeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
