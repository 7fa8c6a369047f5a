import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { defineOperations } from '../../openapi/contract';
import { DisplayName, directoryPageQuery } from '../common/internal-components';
import { dataOf, pageOf } from '../common/partner-contract/operations';

// The tenant routes' schemas (tenants.routes.ts validates with them); their words are in internal.texts.yaml.

const contactEmail = emailAddress();

export const Tenant = z
  .strictObject({
    id: z.string().regex(/^ten_/),
    name: z.string(),
    status: z.enum(['active', 'suspended']),
    contactEmail: z.string().meta({ format: 'email' }).nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({
    examples: [
      {
        id: 'ten_3',
        name: 'Acme Travel',
        status: 'active',
        contactEmail: 'ops@acme.example',
        createdAt: '2026-11-20T08:00:00.000Z',
        updatedAt: '2026-11-20T08:00:00.000Z',
      },
    ],
  });

export const TenantName = z.strictObject({ id: z.string().regex(/^ten_/), name: z.string() });

const TenantBody = dataOf(Tenant);
const tenantIdParams = z.object({ id: z.string().meta({ description: "The tenant's id (`ten_…`)." }) });

export const createTenantBody = z.strictObject({ name: DisplayName, contactEmail: contactEmail.optional() });
export const updateTenantBody = z.strictObject({
  name: DisplayName.optional(),
  contactEmail: contactEmail.nullable().optional(),
  status: z.enum(['active', 'suspended']).optional(),
});
export const updateOwnTenantBody = z.strictObject({
  name: DisplayName.optional(),
  contactEmail: contactEmail.nullable().optional(),
});

export const tenantsContract = {
  operations: defineOperations({
    listTenants: {
      method: 'get',
      path: '/admin/tenant-directory',
      query: directoryPageQuery,
      responses: { '200': pageOf(Tenant) },
    },
    createTenant: {
      method: 'post',
      path: '/admin/tenant-directory',
      body: createTenantBody,
      bodyRequired: true,
      responses: { '201': TenantBody },
    },
    getTenant: {
      method: 'get',
      path: '/admin/tenant-directory/{id}',
      params: tenantIdParams,
      responses: { '200': TenantBody },
    },
    updateTenant: {
      method: 'put',
      path: '/admin/tenant-directory/{id}',
      params: tenantIdParams,
      body: updateTenantBody,
      bodyRequired: true,
      responses: { '200': TenantBody },
    },
    getOwnTenant: { method: 'get', path: '/admin/tenant', responses: { '200': TenantBody } },
    updateOwnTenant: {
      method: 'put',
      path: '/admin/tenant',
      body: updateOwnTenantBody,
      bodyRequired: true,
      responses: { '200': TenantBody },
    },
    listTenantNames: {
      method: 'get',
      path: '/admin/tenant/list',
      query: directoryPageQuery,
      responses: { '200': pageOf(TenantName) },
    },
  }),
  components: { Tenant, TenantName },
  responses: { Tenant: TenantBody },
};
