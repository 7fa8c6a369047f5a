import { AppError } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { EmailRepository } from '../../db/email.repository';
import type { NewsletterRepository } from '../../db/newsletter.repository';
import { logChange } from '../audit';
import { newId } from '../ids';
import { checks } from '../input';
import { pageOf, pageResult } from '../page';
import type { EmailStatus, Newsletter, Staff } from '../records';

export interface NewsletterView {
  newsletter: Newsletter;
  counts: Record<EmailStatus, number> & { recipients: number };
}

export interface NewsletterDeps {
  newsletters: NewsletterRepository;
  emails: EmailRepository;
  now: () => Date;
  /** Wakes the fan-out job after a send was claimed. */
  sendRequested: () => void;
}

interface Content {
  subject?: string;
  html?: string;
  text?: string;
}

/** Drafts change freely; `send` moves a draft to `sending` once, and the fan-out job does the rest. */
export function createNewsletterUseCases(deps: NewsletterDeps) {
  const { newsletters, emails, now } = deps;
  const view = async (newsletter: Newsletter): Promise<NewsletterView> => {
    const counts =
      newsletter.status === 'draft'
        ? { pending: 0, sent: 0, failed: 0 }
        : await emails.countsOf(newsletter.id);
    return { newsletter, counts: { ...counts, recipients: counts.pending + counts.sent + counts.failed } };
  };
  /** Not a draft any more: `conflict`; no such newsletter: `not_found`. */
  const notDraft = async (id: string): Promise<never> => {
    const existing = await newsletters.findById(id);
    if (!existing) throw new AppError('not_found', `Newsletter ${id} does not exist.`);
    throw new AppError('conflict', `Newsletter ${id} is ${existing.status}; only a draft can change.`);
  };
  const checkContent = (content: Content, required: boolean) => {
    const v = checks();
    v.text('subject', content.subject, 200, required);
    v.text('html', content.html, 200_000, required);
    v.text('text', content.text, 200_000, false);
    v.done();
  };

  return {
    async list(request: { page?: { limit: number; cursor?: string } }) {
      const page = pageOf(request.page);
      const { items, nextCursor } = pageResult(await newsletters.list(page), page.limit);
      return { items: await Promise.all(items.map(view)), nextCursor };
    },
    async create(request: Content & { actor: Staff }, logger: Logger) {
      checkContent(request, true);
      const at = now();
      const newsletter: Newsletter = {
        id: newId('nws', at),
        subject: (request.subject ?? '').trim(),
        html: request.html ?? '',
        text: request.text ?? null,
        status: 'draft',
        createdAt: at,
        updatedAt: at,
        sendRequestedAt: null,
        sentAt: null,
        fanoutAfter: null,
      };
      await newsletters.insert(newsletter);
      logChange(logger, 'newsletter.created', request.actor, { newsletter_id: newsletter.id });
      return view(newsletter);
    },
    async update(request: Content & { actor: Staff; id: string }, logger: Logger) {
      checkContent(request, false);
      const changes = {
        ...(request.subject === undefined ? {} : { subject: request.subject.trim() }),
        ...(request.html === undefined ? {} : { html: request.html }),
        ...(request.text === undefined ? {} : { text: request.text }),
      };
      const updated =
        (await newsletters.updateDraft(request.id, changes, now())) ?? (await notDraft(request.id));
      logChange(logger, 'newsletter.updated', request.actor, {
        newsletter_id: request.id,
        fields: Object.keys(changes),
      });
      return view(updated);
    },
    async remove(request: { actor: Staff; id: string }, logger: Logger) {
      if (!(await newsletters.deleteDraft(request.id))) await notDraft(request.id);
      logChange(logger, 'newsletter.deleted', request.actor, { newsletter_id: request.id });
      return request.id;
    },
    async send(request: { actor: Staff; id: string }, logger: Logger) {
      const claimed = (await newsletters.claimSend(request.id, now())) ?? (await alreadySent(request.id));
      logChange(logger, 'newsletter.sent', request.actor, { newsletter_id: request.id });
      deps.sendRequested();
      return view(claimed);
    },
  };

  async function alreadySent(id: string): Promise<never> {
    const existing = await newsletters.findById(id);
    if (!existing) throw new AppError('not_found', `Newsletter ${id} does not exist.`);
    throw new AppError('conflict', `Newsletter ${id} was already sent (${existing.status}).`);
  }
}

export type NewsletterUseCases = ReturnType<typeof createNewsletterUseCases>;
