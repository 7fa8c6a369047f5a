import { Schema } from 'mongoose';
import type { StoredWhatsappMessage } from '../domain/records';

/** Which lead a WhatsApp number belongs to; `_id` is the number's digits, so one number makes one lead. */
export interface WhatsappContactDocument {
  _id: string;
  leadId: string;
  createdAt: Date;
}

export const whatsappContactSchema = new Schema<WhatsappContactDocument>(
  {
    _id: { type: String, required: true },
    leadId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'whatsapp_contacts', versionKey: false },
);

/** One inbound message; `_id` is WhatsApp's message id, so a redelivery is never stored twice. */
export type WhatsappMessageDocument = Omit<StoredWhatsappMessage, 'id'> & { _id: string };

export const whatsappMessageSchema = new Schema<WhatsappMessageDocument>(
  {
    _id: { type: String, required: true },
    leadId: { type: String, required: true },
    from: { type: String, required: true },
    type: { type: String, required: true },
    text: { type: String, required: true },
    sentAt: { type: Date, required: true },
    receivedAt: { type: Date, required: true },
  },
  { collection: 'whatsapp_messages', versionKey: false },
);
