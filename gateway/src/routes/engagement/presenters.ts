import type { engagement } from '@travel/contracts';
import { iso } from '../common/iso';

// Engagement's proto messages → the internal API's JSON shapes (internal.yaml). Absent optionals become null.

export function presentSubscriber(subscriber: engagement.Subscriber | undefined) {
  if (!subscriber) throw new Error('engagement answered no subscriber');
  const { id, email, status, source } = subscriber;
  return {
    id,
    email,
    status,
    source,
    createdAt: iso(subscriber.createdAt),
    updatedAt: iso(subscriber.updatedAt),
  };
}

export function presentNewsletter(newsletter: engagement.Newsletter | undefined) {
  if (!newsletter) throw new Error('engagement answered no newsletter');
  const counts = newsletter.counts ?? { recipients: 0, sent: 0, failed: 0, pending: 0 };
  return {
    id: newsletter.id,
    subject: newsletter.subject,
    html: newsletter.html,
    text: newsletter.text ?? null,
    status: newsletter.status,
    counts: {
      recipients: counts.recipients,
      sent: counts.sent,
      failed: counts.failed,
      pending: counts.pending,
    },
    createdAt: iso(newsletter.createdAt),
    updatedAt: iso(newsletter.updatedAt),
    sendRequestedAt: iso(newsletter.sendRequestedAt),
    sentAt: iso(newsletter.sentAt),
  };
}

function presentDelivery(email: engagement.EmailDelivery | undefined) {
  if (!email) return null;
  return {
    id: email.id,
    status: email.status,
    attempts: email.attempts,
    lastError: email.lastError ?? null,
    sentAt: iso(email.sentAt),
    nextAttemptAt: iso(email.nextAttemptAt),
  };
}

export function presentLead(lead: engagement.Lead | undefined) {
  if (!lead) throw new Error('engagement answered no lead');
  return {
    id: lead.id,
    tenantId: lead.tenantId ?? null,
    name: lead.name,
    email: lead.email ?? null,
    phone: lead.phone ?? null,
    company: lead.company ?? null,
    message: lead.message ?? null,
    source: lead.source,
    status: lead.status,
    messages: lead.messages.map((message) => ({
      id: message.id,
      direction: message.direction,
      channel: message.channel,
      subject: message.subject ?? null,
      body: message.body,
      at: iso(message.at),
      authorUserId: message.authorUserId ?? null,
      email: presentDelivery(message.email),
    })),
    createdAt: iso(lead.createdAt),
    updatedAt: iso(lead.updatedAt),
  };
}

export function presentQuery(query: engagement.Query | undefined) {
  if (!query) throw new Error('engagement answered no query');
  return {
    id: query.id,
    tenantId: query.tenantId,
    askedBy: { userId: query.askedByUserId, email: query.askedByEmail },
    subject: query.subject,
    status: query.status,
    thread: query.thread.map((message) => ({
      from: message.from,
      authorUserId: message.authorUserId,
      body: message.body,
      at: iso(message.at),
      email: presentDelivery(message.email),
    })),
    createdAt: iso(query.createdAt),
    updatedAt: iso(query.updatedAt),
  };
}
