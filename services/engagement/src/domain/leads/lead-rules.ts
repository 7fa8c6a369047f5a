import { AppError } from '@travel/errors';
import type { TenantScope } from '@travel/grpc';
import type { LeadRepository } from '../../db/lead.repository';
import { newId } from '../ids';
import { checks, normalEmail } from '../input';
import type { Lead, LeadSource, LeadStatus } from '../records';

export const STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
/** docs/decisions/engagement.md, "Leads": `new` → `contacted` → `won` | `lost`. */
export const NEXT: Record<LeadStatus, LeadStatus[]> = {
  new: ['contacted'],
  contacted: ['won', 'lost'],
  won: [],
  lost: [],
};
/** `platform` in a list filter means the platform's own leads (tenantId null). */
export const PLATFORM = 'platform';

export interface Contact {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  message?: string;
}

/** The lead if the scope sees it; another tenant's is `not_found` (the scope is in the query's filter). */
export async function visibleLead(leads: LeadRepository, scope: TenantScope, id: string): Promise<Lead> {
  const lead = await leads.findById(scope, id);
  if (!lead) throw new AppError('not_found', `Lead ${id} does not exist.`);
  return lead;
}

export function checkContact(contact: Contact, nameRequired: boolean) {
  const v = checks();
  v.text('name', contact.name, 200, nameRequired);
  v.email('email', contact.email, false);
  v.text('phone', contact.phone, 40, false);
  if (contact.phone !== undefined && contact.phone.replace(/\D/g, '').length < 6)
    v.add('phone', 'must be a phone number (at least 6 digits)');
  v.text('company', contact.company, 200, false);
  v.text('message', contact.message, 5000, false);
  return v;
}

export function newLead(at: Date, tenantId: string | null, source: LeadSource, contact: Contact): Lead {
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
}
