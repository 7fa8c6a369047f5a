import type { Caller } from '@travel/grpc';

/** The records engagement keeps, as its repositories return them (plain objects, no database types). */

export type SubscriberStatus = 'subscribed' | 'unsubscribed';

export interface Subscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  source: 'public' | 'staff';
  /** The random secret of this address's unsubscribe link. */
  unsubscribeToken: string;
  createdAt: Date;
  updatedAt: Date;
}

export type NewsletterStatus = 'draft' | 'sending' | 'sent';

export interface Newsletter {
  id: string;
  subject: string;
  html: string;
  text: string | null;
  status: NewsletterStatus;
  createdAt: Date;
  updatedAt: Date;
  sendRequestedAt: Date | null;
  sentAt: Date | null;
  /** The last subscriber id the fan-out made an email for (subscribers are walked in id order). */
  fanoutAfter: string | null;
}

export type EmailStatus = 'pending' | 'sent' | 'failed';

/** What an email is for; a newsletter's carries its id (one email per newsletter and address). */
export type EmailPurpose =
  | { kind: 'newsletter'; newsletterId: string }
  | { kind: 'lead_reply'; leadId: string }
  | { kind: 'query_reply'; queryId: string }
  | { kind: 'staff_notice'; noticeId: string };

export interface OutboundEmail {
  id: string;
  to: string;
  subject: string;
  html: string | null;
  text: string;
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers: Record<string, string>;
  purpose: EmailPurpose;
}

export interface EmailRecord extends OutboundEmail {
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  /** When a sender may next take it (a lease's end while one holds it); null once sent or given up. */
  dueAt: Date | null;
  createdAt: Date;
  sentAt: Date | null;
}

export type LeadStatus = 'new' | 'contacted' | 'won' | 'lost';
export type LeadSource = 'demo_request' | 'whatsapp' | 'staff';

export interface LeadMessage {
  id: string;
  direction: 'inbound' | 'outbound';
  channel: 'whatsapp' | 'email';
  subject: string | null;
  body: string;
  at: Date;
  authorUserId: string | null;
  emailId: string | null;
}

export interface Lead {
  id: string;
  /** Null: the platform's own lead. */
  tenantId: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  message: string | null;
  source: LeadSource;
  status: LeadStatus;
  messages: LeadMessage[];
  createdAt: Date;
  updatedAt: Date;
}

export interface QueryMessage {
  from: 'tenant' | 'platform';
  authorUserId: string;
  body: string;
  at: Date;
  emailId: string | null;
}

export interface SupportQuery {
  id: string;
  tenantId: string;
  askedByUserId: string;
  askedByEmail: string;
  subject: string;
  status: 'open' | 'answered';
  thread: QueryMessage[];
  createdAt: Date;
  updatedAt: Date;
}

/** An inbound WhatsApp message as stored, once per WhatsApp message id. */
export interface StoredWhatsappMessage {
  id: string;
  leadId: string;
  from: string;
  type: string;
  text: string;
  sentAt: Date;
  receivedAt: Date;
}

/** A staff caller, resolved from the request's `Caller` at the gRPC edge (docs/access.md, "Callers"). */
export type Staff = Extract<Caller, { kind: 'platform-staff' | 'tenant-staff' }>;

/** The staff member's tenant; null for the platform. */
export function tenantOf(staff: Staff): string | null {
  return staff.kind === 'tenant-staff' ? staff.tenantId : null;
}
