import { tenantScopeOf } from '@travel/grpc';
import { checks } from '../input';
import { pageOf, pageResult } from '../page';
import type { LeadStatus, Staff } from '../records';
import type { LeadDeps } from './lead-deps';
import { PLATFORM, STATUSES } from './lead-rules';

export function createListLeads(deps: LeadDeps) {
  const { leads } = deps;
  return async function listLeads(request: {
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
  };
}
