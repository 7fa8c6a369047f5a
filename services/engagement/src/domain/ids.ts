import { createHash, randomBytes } from 'node:crypto';

/**
 * `<prefix>_<time><random>`: the time part (milliseconds, base 36, fixed width) makes ids sort by creation,
 * so lists page newest first on `_id` alone; the random part keeps ids of the same millisecond apart.
 */
export function newId(prefix: string, now: Date): string {
  return `${prefix}_${now.getTime().toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

/** A newsletter's email to one address has one id, so two senders or a restart can never make a second. */
export function newsletterEmailId(newsletterId: string, email: string): string {
  return `eml_${createHash('sha256').update(`${newsletterId}\n${email}`).digest('hex').slice(0, 32)}`;
}

/** The secret of an unsubscribe link: 32 random bytes, unguessable. */
export function newUnsubscribeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A staff notice's email to one address, derived the same way (a notice handed over twice queues one). */
export function noticeEmailId(noticeId: string, email: string): string {
  return newsletterEmailId(`notice:${noticeId}`, email);
}
