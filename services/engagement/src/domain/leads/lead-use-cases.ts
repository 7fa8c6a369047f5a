import { AppError } from '@travel/errors';
import { type TenantScope, tenantScopeOf } from '@travel/grpc';
import type { Logger } from '@travel/logger';
import type { EmailRepository } from '../../db/email.repository';
import type { LeadChanges, LeadRepository } from '../../db/lead.repository';
import { logChange } from '../audit';
import { newId } from '../ids';
import { checks, normalEmail } from '../input';
import { leadReplyEmail } from '../mail-content';
import { pageOf, pageResult } from '../page';
import { type Lead, type LeadSource, type LeadStatus, type Staff, tenantOf } from '../records';

const STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
/** decisions.md: `new` → `contacted` → `won` | `lost`. */
const NEXT: Record<LeadStatus, LeadStatus[]> = {
  new: ['contacted'],
  contacted: ['won', 'lost'],
  won: [],
  lost: [],
};
/** `platform` in a list filter means the platform's own leads (tenantId null). */
const PLATFORM = 'platform';

export interface LeadDeps {
  leads: LeadRepository;
  emails: EmailRepository;
  now: () => Date;
  emailsQueued: () => void;
}

interface Contact {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  message?: string;
}

/**
 * Leads belong to a tenant or to the platform (`tenantId` null: demo requests and WhatsApp). Tenant staff
 * see and change their tenant's only (another's is `not_found`: the scope is in every query's filter); the
 * platform sees and changes every one.
 */
export function createLeadUseCases(deps: LeadDeps) {
  const { leads, now } = deps;
  const visible = async (scope: TenantScope, id: string): Promise<Lead> => {
    const lead = await leads.findById(scope, id);
    if (!lead) throw new AppError('not_found', `Lead ${id} does not exist.`);
    return lead;
  };
  const checkContact = (contact: Contact, nameRequired: boolean) => {
    const v = checks();
    v.text('name', contact.name, 200, nameRequired);
    v.email('email', contact.email, false);
    v.text('phone', contact.phone, 40, false);
    if (contact.phone !== undefined && contact.phone.replace(/\D/g, '').length < 6)
      v.add('phone', 'must be a phone number (at least 6 digits)');
    v.text('company', contact.company, 200, false);
    v.text('message', contact.message, 5000, false);
    return v;
  };
  const newLead = (tenantId: string | null, source: LeadSource, contact: Contact): Lead => {
    const at = now();
    return {
      id: newId('led', at),
      tenantId,
      name: (contact.name ?? '').trim(),
      email: contact.email ? normalEmail(contact.email) : null,
      phone: contact.phone?.trim() || null,
      company: contact.company?.trim() || null,
      message: contact.message?.trim() || null,
      source,
      status: 'new',
      messages: [],
      createdAt: at,
      updatedAt: at,
    };
  };

  return {
    async list(request: {
      actor: Staff;
      page?: { limit: number; cursor?: string };
      tenantId?: string;
      status?: string;
    }) {
      const v = checks();
      v.oneOf('status', request.status, STATUSES);
      const page = pageOf(request.page);
      v.done();
      const tenantId = request.tenantId === PLATFORM ? null : request.tenantId;
      const status = request.status as LeadStatus | undefined;
      const rows = await leads.list(tenantScopeOf(request.actor), { tenantId, status }, page);
      return pageResult(rows, page.limit);
    },
    async create(request: Contact & { actor: Staff; tenantId?: string }, logger: Logger) {
      checkContact(request, true).done();
      const lead = newLead(tenantOf(request.actor) ?? request.tenantId ?? null, 'staff', request);
      await leads.insert(lead);
      logChange(logger, 'lead.created', request.actor, { lead_id: lead.id, tenant_id: lead.tenantId });
      return lead;
    },
    async createDemoRequest(request: Contact) {
      const v = checkContact(request, true);
      v.email('email', request.email);
      v.done();
      const lead = newLead(null, 'demo_request', request);
      await leads.insert(lead);
      return lead;
    },
    async update(request: Contact & { actor: Staff; id: string; status?: string }, logger: Logger) {
      const v = checkContact(request, false);
      v.oneOf('status', request.status, STATUSES);
      v.done();
      const scope = tenantScopeOf(request.actor);
      const lead = await visible(scope, request.id);
      const status = request.status as LeadStatus | undefined;
      if (status !== undefined && status !== lead.status && !NEXT[lead.status].includes(status))
        throw new AppError('conflict', `A ${lead.status} lead cannot become ${status}.`);
      const changes: LeadChanges = {
        ...(status === undefined ? {} : { status }),
        ...(request.name === undefined ? {} : { name: request.name.trim() }),
        ...(request.email === undefined ? {} : { email: normalEmail(request.email) }),
        ...(request.phone === undefined ? {} : { phone: request.phone.trim() }),
        ...(request.company === undefined ? {} : { company: request.company.trim() }),
      };
      const updated = await leads.update(scope, lead.id, lead.status, changes, now());
      if (!updated) throw new AppError('conflict', `Lead ${lead.id} changed meanwhile; read it again.`);
      logChange(logger, 'lead.updated', request.actor, { lead_id: lead.id, ...changes });
      return updated;
    },
    async remove(request: { actor: Staff; id: string }, logger: Logger) {
      if (!(await leads.delete(tenantScopeOf(request.actor), request.id)))
        throw new AppError('not_found', `Lead ${request.id} does not exist.`);
      logChange(logger, 'lead.deleted', request.actor, { lead_id: request.id });
      return request.id;
    },
    /** The email goes through the outbox; the message is on the lead at once, with its delivery state. */
    async reply(request: { actor: Staff; id: string; subject?: string; message: string }, logger: Logger) {
      const v = checks();
      v.text('subject', request.subject, 200, false);
      v.text('message', request.message, 20_000);
      v.done();
      const scope = tenantScopeOf(request.actor);
      const lead = await visible(scope, request.id);
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
      await leads.addMessage(scope, lead.id, message, true);
      logChange(logger, 'lead.replied', request.actor, { lead_id: lead.id, email_id: email.id });
      return visible(scope, lead.id);
    },
  };
}

export type LeadUseCases = ReturnType<typeof createLeadUseCases>;
