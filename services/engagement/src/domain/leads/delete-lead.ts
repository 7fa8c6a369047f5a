import { AppError } from '@travel/errors';
import { tenantScopeOf } from '@travel/grpc';
import { changeEntry } from '../audit';
import type { Staff } from '../records';
import type { LeadDeps } from './lead-deps';

export function createDeleteLead(deps: LeadDeps) {
  const { leads, now } = deps;
  return async function deleteLead(request: { actor: Staff; id: string }) {
    const entry = changeEntry(request.actor, 'lead.deleted', request.id, {}, now());
    if (!(await leads.delete(tenantScopeOf(request.actor), request.id, entry)))
      throw new AppError('not_found', `Lead ${request.id} does not exist.`);
    return request.id;
  };
}
