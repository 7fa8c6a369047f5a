import { AppError } from '@travel/errors';
import { tenantScopeOf } from '@travel/grpc';
import type { Logger } from '@travel/logger';
import { logChange } from '../audit';
import type { Staff } from '../records';
import type { LeadDeps } from './lead-use-cases';

export function createDeleteLead(deps: LeadDeps) {
  const { leads } = deps;
  return async function deleteLead(request: { actor: Staff; id: string }, logger: Logger) {
    if (!(await leads.delete(tenantScopeOf(request.actor), request.id)))
      throw new AppError('not_found', `Lead ${request.id} does not exist.`);
    logChange(logger, 'lead.deleted', request.actor, { lead_id: request.id });
    return request.id;
  };
}
