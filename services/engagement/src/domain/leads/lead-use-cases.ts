import { createCreateDemoRequest } from './create-demo-request';
import { createCreateLead } from './create-lead';
import { createDeleteLead } from './delete-lead';
import type { LeadDeps } from './lead-deps';
import { createListLeads } from './list-leads';
import { createReplyToLead } from './reply-to-lead';
import { createUpdateLead } from './update-lead';

/**
 * Leads belong to a tenant or to the platform (`tenantId` null: demo requests and WhatsApp). Tenant staff
 * see and change their tenant's only (another's is `not_found`: the scope is in every query's filter); the
 * platform sees and changes every one.
 */
export function createLeadUseCases(deps: LeadDeps) {
  return {
    list: createListLeads(deps),
    create: createCreateLead(deps),
    createDemoRequest: createCreateDemoRequest(deps),
    update: createUpdateLead(deps),
    remove: createDeleteLead(deps),
    reply: createReplyToLead(deps),
  };
}

export type LeadUseCases = ReturnType<typeof createLeadUseCases>;

export type { LeadDeps } from './lead-deps';
