import { AppError } from '@travel/errors';
import { digitsOf } from './phone';

/** One inbound message as the Cloud API's `messages` webhook carries it. */
export interface InboundMessage {
  id: string;
  from: string;
  type: string;
  text: string;
  sentAt: Date;
  profileName: string | null;
}

/** The messages of a delivery; statuses and other fields are acknowledged and ignored. */
export function parseMessages(rawBody: Uint8Array): InboundMessage[] {
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
