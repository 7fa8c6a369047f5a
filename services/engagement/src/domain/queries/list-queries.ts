import { tenantScopeOf } from '@travel/grpc';
import { pageOf, pageResult } from '../page';
import type { Staff } from '../records';
import type { QueryDeps } from './query-deps';

/** Tenant staff: their tenant's queries; the platform: every tenant's (they are all addressed to it). */
export function createListQueries(deps: QueryDeps) {
  const { queries } = deps;
  return async function listQueries(request: { actor: Staff; page?: { limit: number; cursor?: string } }) {
    const page = pageOf(request.page);
    const rows = await queries.list(tenantScopeOf(request.actor), page);
    return pageResult(rows, page.limit);
  };
}
