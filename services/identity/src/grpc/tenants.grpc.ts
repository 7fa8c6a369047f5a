import type { tenants } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { createCreateTenant } from '../domain/tenants/create-tenant';
import type { createGetTenant } from '../domain/tenants/get-tenant';
import type { createListTenants } from '../domain/tenants/list-tenants';
import type { Tenant } from '../domain/tenants/tenant';
import type { createUpdateTenant } from '../domain/tenants/update-tenant';
import { requireStaff } from './staff-actor';

export interface TenantUseCases {
  createTenant: ReturnType<typeof createCreateTenant>;
  getTenant: ReturnType<typeof createGetTenant>;
  listTenants: ReturnType<typeof createListTenants>;
  updateTenant: ReturnType<typeof createUpdateTenant>;
}

/** Thin handlers: decode (every call carries the verified staff member), call one use case, encode. */
export function createTenantsGrpc(
  useCases: TenantUseCases,
): ServiceImplementation<typeof tenants.TenantServiceDefinition, RequestContext> {
  return {
    async createTenant(request) {
      return {
        tenant: encodeTenant(
          await useCases.createTenant({ ...request, actor: requireStaff(request.caller) }),
        ),
      };
    },
    async getTenant(request) {
      return {
        tenant: encodeTenant(await useCases.getTenant({ ...request, actor: requireStaff(request.caller) })),
      };
    },
    async listTenants(request) {
      const page = await useCases.listTenants({ ...request, actor: requireStaff(request.caller) });
      return { tenants: page.items.map(encodeTenant), nextCursor: page.nextCursor };
    },
    async updateTenant(request) {
      return {
        tenant: encodeTenant(
          await useCases.updateTenant({ ...request, actor: requireStaff(request.caller) }),
        ),
      };
    },
  };
}

function encodeTenant(tenant: Tenant): tenants.Tenant {
  return { ...tenant, contactEmail: tenant.contactEmail ?? undefined };
}
