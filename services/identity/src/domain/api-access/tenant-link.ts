import type { FieldProblem } from '@travel/errors';
import type { TenantRepository } from '../../db/tenant.repository';

/** A client may be linked only to a tenant that exists (null: not linked). */
export async function tenantLinkProblems(
  tenants: TenantRepository,
  tenantId: string | null,
): Promise<FieldProblem[]> {
  if (tenantId === null || (await tenants.findById(tenantId))) return [];
  return [{ path: 'tenantId', message: 'No such tenant.' }];
}
