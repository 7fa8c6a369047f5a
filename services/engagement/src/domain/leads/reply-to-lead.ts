import { AppError } from '@travel/errors';
import { tenantScopeOf } from '@travel/grpc';
import { changeEntry } from '../audit';
import { newId } from '../ids';
import { checks } from '../input';
import { leadReplyEmail } from '../mail-content';
import type { Staff } from '../records';
import type { LeadDeps } from './lead-deps';
import { visibleLead } from './lead-rules';

/** The email goes through the outbox; the message is on the lead at once, with its delivery state. */
export function createReplyToLead(deps: LeadDeps) {
  const { leads, now } = deps;
  return async function replyToLead(request: {
    actor: Staff;
    id: string;
    subject?: string;
    message: string;
  }) {
    const v = checks();
    v.text('subject', request.subject, 200, false);
    v.text('message', request.message, 20_000);
    v.done();
    const scope = tenantScopeOf(request.actor);
    const lead = await visibleLead(leads, scope, request.id);
    if (!lead.email) throw new AppError('conflict', `Lead ${lead.id} has no email address to reply to.`);
    const at = now();
    const subject = request.subject?.trim() || 'Re: your enquiry';
    const email = leadReplyEmail({ ...lead, email: lead.email }, subject, request.message, at);
    await deps.emails.enqueue([email], at);
    deps.emailsQueued();
    const message = {
      id: newId('msg', at),
      direction: 'outbound' as const,
      channel: 'email' as const,
      subject,
      body: request.message,
      at,
      authorUserId: request.actor.userId,
      emailId: email.id,
    };
    const entry = changeEntry(request.actor, 'lead.replied', lead.id, { subject, emailId: email.id }, at);
    await leads.addMessage(scope, lead.id, message, true, entry);
    return visibleLead(leads, scope, lead.id);
  };
}
