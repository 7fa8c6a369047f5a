import { insertIfAbsent, modelOn } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { StoredWhatsappMessage } from '../domain/records';
import {
  type WhatsappContactDocument,
  whatsappContactSchema,
  whatsappMessageSchema,
} from './whatsapp.schema';

export interface WhatsappRepository {
  leadOfNumber(digits: string): Promise<string | null>;
  /** Binds a number to a lead unless it is bound already; answers the lead it is bound to. */
  bindNumber(digits: string, leadId: string, at: Date): Promise<string>;
  /** False when a message with this id was stored before. */
  storeMessage(message: StoredWhatsappMessage): Promise<boolean>;
}

export function createWhatsappRepository(connection: Connection): WhatsappRepository {
  const contacts = modelOn(connection, 'WhatsappContact', whatsappContactSchema);
  const messages = modelOn(connection, 'WhatsappMessage', whatsappMessageSchema);
  const leadOfNumber = async (digits: string) =>
    (await contacts.findById(digits).lean<WhatsappContactDocument>())?.leadId ?? null;
  return {
    leadOfNumber,
    async bindNumber(digits, leadId, at) {
      if (await insertIfAbsent(contacts, { _id: digits, leadId, createdAt: at })) return leadId;
      return (await leadOfNumber(digits)) ?? leadId;
    },
    storeMessage: ({ id, ...fields }) => insertIfAbsent(messages, { ...fields, _id: id }),
  };
}
