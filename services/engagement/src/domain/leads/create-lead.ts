import { changeEntry } from '../audit';
import { type Staff, tenantOf } from '../records';
import type { LeadDeps } from './lead-deps';
import { type Contact, checkContact, newLead } from './lead-rules';

export function createCreateLead(deps: LeadDeps) {
  const { leads, now } = deps;
  return async function createLead(request: Contact & { actor: Staff; tenantId?: string }) {
    checkContact(request, true).done();
    const lead = newLead(now(), tenantOf(request.actor) ?? request.tenantId ?? null, 'staff', request);
    await leads.insert(
      lead,
      changeEntry(request.actor, 'lead.created', lead.id, { tenantId: lead.tenantId }, lead.createdAt),
    );
    return lead;
  };
}
