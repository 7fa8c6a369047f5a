import { AppError } from '@travel/errors';
import { tenantScopeOf } from '@travel/grpc';
import type { LeadChanges } from '../../db/lead.repository';
import { changeEntry } from '../audit';
import { normalEmail } from '../input';
import type { LeadStatus, Staff } from '../records';
import type { LeadDeps } from './lead-deps';
import { type Contact, checkContact, NEXT, STATUSES, visibleLead } from './lead-rules';

export function createUpdateLead(deps: LeadDeps) {
  const { leads, now } = deps;
  return async function updateLead(request: Contact & { actor: Staff; id: string; status?: string }) {
    const v = checkContact(request, false);
    v.oneOf('status', request.status, STATUSES);
    v.done();
    const scope = tenantScopeOf(request.actor);
    const lead = await visibleLead(leads, scope, request.id);
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
    const at = now();
    const entry = changeEntry(request.actor, 'lead.updated', lead.id, changes, at);
    const updated = await leads.update(scope, lead.id, lead.status, changes, at, entry);
    if (!updated) throw new AppError('conflict', `Lead ${lead.id} changed meanwhile; read it again.`);
    return updated;
  };
}
