import { badRequest, type FieldProblem } from '@travel/errors';
import type { EmailRepository } from '../db/email.repository';
import { noticeEmailId } from './ids';
import type { OutboundEmail } from './records';

/** Who a tenant's staff are: identity's active members' addresses (grpc/identity.client.ts). */
export interface TenantStaffDirectory {
  emailsOf(tenantId: string, requestId: string): Promise<string[]>;
}

export interface StaffNotice {
  noticeId: string;
  tenantId: string;
  subject: string;
  text: string;
}

const MAX_SUBJECT = 200;
const MAX_TEXT = 10_000;

/**
 * A service's own job tells a tenant's staff something (the webhook service's auto-disable notice): one email per
 * active staff address, queued in the outbox like every email (never sent in the request). Each email's id is
 * derived from the notice and the address, so a notice handed over twice (its sender crashed before recording
 * that it had) queues nothing more.
 */
export function createNotifyTenantStaff(deps: {
  emails: EmailRepository;
  staff: TenantStaffDirectory;
  now: () => Date;
  emailsQueued(): void;
}) {
  return async function notifyTenantStaff(notice: StaffNotice, requestId: string): Promise<number> {
    const problems: FieldProblem[] = [];
    if (!notice.noticeId) problems.push({ path: 'noticeId', message: 'must not be empty' });
    if (!notice.tenantId) problems.push({ path: 'tenantId', message: 'must not be empty' });
    if (!notice.subject || notice.subject.length > MAX_SUBJECT)
      problems.push({ path: 'subject', message: `must be 1 to ${MAX_SUBJECT} characters` });
    if (!notice.text || notice.text.length > MAX_TEXT)
      problems.push({ path: 'text', message: `must be 1 to ${MAX_TEXT} characters` });
    if (problems.length > 0) throw badRequest(problems);
    const recipients = [...new Set(await deps.staff.emailsOf(notice.tenantId, requestId))];
    const emails: OutboundEmail[] = recipients.map((to) => ({
      id: noticeEmailId(notice.noticeId, to),
      to,
      subject: notice.subject,
      html: null,
      text: notice.text,
      headers: {},
      purpose: { kind: 'staff_notice', noticeId: notice.noticeId },
    }));
    if (emails.length === 0) return 0;
    await deps.emails.enqueue(emails, deps.now());
    deps.emailsQueued();
    return emails.length;
  };
}
