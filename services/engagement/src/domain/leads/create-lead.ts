import type { Logger } from '@travel/logger';
import { logChange } from '../audit';
import { type Staff, tenantOf } from '../records';
import { type Contact, checkContact, newLead } from './lead-rules';
import type { LeadDeps } from './lead-use-cases';

export function createCreateLead(deps: LeadDeps) {
  const { leads, now } = deps;
  return async function createLead(request: Contact & { actor: Staff; tenantId?: string }, logger: Logger) {
    checkContact(request, true).done();
    const lead = newLead(now(), tenantOf(request.actor) ?? request.tenantId ?? null, 'staff', request);
    await leads.insert(lead);
    logChange(logger, 'lead.created', request.actor, { lead_id: lead.id, tenant_id: lead.tenantId });
    return lead;
  };
}
