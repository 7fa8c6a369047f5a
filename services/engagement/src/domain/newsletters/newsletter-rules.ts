import { AppError } from '@travel/errors';
import type { EmailRepository } from '../../db/email.repository';
import type { NewsletterRepository } from '../../db/newsletter.repository';
import { checks } from '../input';
import type { EmailStatus, Newsletter } from '../records';

export interface NewsletterView {
  newsletter: Newsletter;
  counts: Record<EmailStatus, number> & { recipients: number };
}

export interface Content {
  subject?: string;
  html?: string;
  text?: string;
}

/** A newsletter with its emails counted by state (a draft has none yet). */
export async function viewOf(emails: EmailRepository, newsletter: Newsletter): Promise<NewsletterView> {
  const counts =
    newsletter.status === 'draft' ? { pending: 0, sent: 0, failed: 0 } : await emails.countsOf(newsletter.id);
  return { newsletter, counts: { ...counts, recipients: counts.pending + counts.sent + counts.failed } };
}

/** Not a draft any more: `conflict`; no such newsletter: `not_found`. */
export async function notDraft(newsletters: NewsletterRepository, id: string): Promise<never> {
  const existing = await newsletters.findById(id);
  if (!existing) throw new AppError('not_found', `Newsletter ${id} does not exist.`);
  throw new AppError('conflict', `Newsletter ${id} is ${existing.status}; only a draft can change.`);
}

export function checkContent(content: Content, required: boolean): void {
  const v = checks();
  v.text('subject', content.subject, 200, required);
  v.text('html', content.html, 200_000, required);
  v.text('text', content.text, 200_000, false);
  v.done();
}
