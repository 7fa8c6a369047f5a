import type { tenants } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { createCreateTenant } from '../domain/create-tenant';
import type { createGetTenant } from '../domain/get-tenant';
import type { createListTenants } from '../domain/list-tenants';
import type { Tenant } from '../domain/tenant';
import type { createUpdateTenant } from '../domain/update-tenant';

export interface TenantUseCases {
  createTenant: ReturnType<typeof createCreateTenant>;
  getTenant: ReturnType<typeof createGetTenant>;
  listTenants: ReturnType<typeof createListTenants>;
  updateTenant: ReturnType<typeof createUpdateTenant>;
}

/** Thin handlers: decode, call one use case, encode. */
export function createTenantsGrpc(
  useCases: TenantUseCases,
): ServiceImplementation<typeof tenants.TenantServiceDefinition, RequestContext> {
  return {
    async createTenant(request) {
      return { tenant: encodeTenant(await useCases.createTenant(request)) };
    },
    async getTenant(request) {
      return { tenant: encodeTenant(await useCases.getTenant(request)) };
    },
    async listTenants(request) {
      return { tenants: (await useCases.listTenants(request)).map(encodeTenant) };
    },
    async updateTenant(request) {
      return { tenant: encodeTenant(await useCases.updateTenant(request)) };
    },
  };
}

function encodeTenant(tenant: Tenant): tenants.Tenant {
  return { ...tenant, contactEmail: tenant.contactEmail ?? undefined };
}
