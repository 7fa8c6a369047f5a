import { newId, newsletterEmailId } from './ids';
import type { Lead, Newsletter, OutboundEmail, Subscriber, SupportQuery } from './records';

/** The link that unsubscribes one address (a public route of the gateway). */
export function unsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * A newsletter to one subscriber: the body, then a footer with the unsubscribe link, and the
 * `List-Unsubscribe` headers mail clients show as a button (RFC 2369, one-click per RFC 8058).
 */
export function newsletterEmail(
  newsletter: Newsletter,
  subscriber: Subscriber,
  baseUrl: string,
): OutboundEmail {
  const link = unsubscribeUrl(baseUrl, subscriber.unsubscribeToken);
  const text = newsletter.text ?? textOf(newsletter.html);
  return {
    id: newsletterEmailId(newsletter.id, subscriber.email),
    to: subscriber.email,
    subject: newsletter.subject,
    html: `${newsletter.html}\n<hr>\n<p style="font-size:12px">You receive this because ${escapeHtml(subscriber.email)} is subscribed to our newsletter. <a href="${escapeHtml(link)}">Unsubscribe</a></p>`,
    text: `${text}\n\n--\nUnsubscribe: ${link}\n`,
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    purpose: { kind: 'newsletter', newsletterId: newsletter.id },
  };
}

export function leadReplyEmail(
  lead: Lead & { email: string },
  subject: string,
  body: string,
  at: Date,
): OutboundEmail {
  return {
    id: newId('eml', at),
    to: lead.email,
    subject,
    html: null,
    text: body,
    headers: {},
    purpose: { kind: 'lead_reply', leadId: lead.id },
  };
}

export function queryReplyEmail(query: SupportQuery, body: string, at: Date): OutboundEmail {
  return {
    id: newId('eml', at),
    to: query.askedByEmail,
    subject: `Re: ${query.subject}`,
    html: null,
    text: `${body}\n\n-- \nYour question (${query.id}): ${query.thread[0]?.body ?? ''}\n`,
    headers: {},
    purpose: { kind: 'query_reply', queryId: query.id },
  };
}

/** A plain-text rendering of a newsletter's HTML for clients that show no HTML. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
