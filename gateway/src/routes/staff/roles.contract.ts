import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { DeletedBody, directoryPageQuery } from '../common/internal-components';
import { nonBlank } from '../common/params';
import { dataOf, pageOf } from '../common/partner-contract/operations';

// The role routes' schemas (roles.routes.ts validates with them); their words are in internal.texts.yaml.

/** Identity's rights (services/identity/src/domain/staff/rights.ts), as roles and profiles answer them. */
const RIGHTS = [
  'audit',
  'api-access',
  'api-console',
  'newsletters',
  'discounts',
  'offers',
  'vouchers',
  'tenants',
  'settings',
  'suppliers',
  'pricing',
  'hero-carousel',
  'bookings',
  'billing',
  'blogs',
  'events',
] as const;

export const Right = z.enum(RIGHTS).meta({
  description: 'A role-menu right (a navigation id of the consoles), enforced on the routes that name it.',
});

export const RoleName = nonBlank(80).meta({ description: 'Trimmed, 1 to 80 characters.' });

// The gateway checks only the shape of each right; identity refuses one it does not know (`permissions.<i>`).
export const Permissions = z
  .array(
    z
      .string()
      .min(1)
      .max(40)
      .meta({ description: 'A right (see `Right`).', 'x-rule': 'a right identity knows (Right)' }),
  )
  .max(50)
  .meta({ description: "The role's rights (replaces the whole set)." });

export const Role = z
  .strictObject({
    id: z.string().regex(/^rol_/),
    name: z.string(),
    tenantId: z.string().nullable().meta({ description: 'Null for a platform role.' }),
    permissions: z.array(Right),
    builtIn: z
      .boolean()
      .meta({ description: 'Built-in roles (the platform administrator) cannot be changed or deleted.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({
    examples: [
      {
        id: 'rol_4',
        name: 'Travel desk',
        tenantId: 'ten_3',
        permissions: ['bookings', 'api-console'],
        builtIn: false,
        createdAt: '2026-11-20T08:10:00.000Z',
      },
    ],
  });

const RoleBody = dataOf(Role);
const roleIdParams = z.object({ id: z.string().meta({ description: "The role's id (`rol_…`)." }) });

export const createRoleBody = z.strictObject({
  name: RoleName,
  permissions: Permissions,
  tenantId: z.string().min(1).meta({ 'x-rule': 'an existing tenant' }).optional(),
});
export const updateRoleBody = z.strictObject({
  name: RoleName.optional(),
  permissions: Permissions.optional(),
});

export const rolesContract = {
  operations: defineOperations({
    listRoles: {
      method: 'get',
      path: '/admin/roles',
      query: directoryPageQuery,
      responses: { '200': pageOf(Role) },
    },
    createRole: {
      method: 'post',
      path: '/admin/roles',
      body: createRoleBody,
      bodyRequired: true,
      responses: { '201': RoleBody },
    },
    updateRole: {
      method: 'put',
      path: '/admin/roles/{id}',
      params: roleIdParams,
      body: updateRoleBody,
      bodyRequired: true,
      responses: { '200': RoleBody },
    },
    deleteRole: {
      method: 'delete',
      path: '/admin/roles/{id}',
      params: roleIdParams,
      responses: { '200': DeletedBody },
    },
  }),
  components: { Right, RoleName, Permissions, Role },
  responses: { Role: RoleBody },
};
