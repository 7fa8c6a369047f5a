import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { password } from '../../http/password';
import { defineOperations } from '../../openapi/contract';
import { DeletedBody, DisplayName, directoryPageQuery } from '../common/internal-components';
import { dataOf, pageOf } from '../common/partner-contract/operations';

// The staff-user routes' schemas (users.routes.ts validates with them); their words are in internal.texts.yaml.

/** A staff user's fields; StaffProfile (auth.contract.ts) adds the role's name and rights. */
export const staffUserFields = {
  id: z.string().regex(/^usr_/),
  email: z.string().meta({ format: 'email' }),
  name: z.string(),
  tenantId: z.string().nullable().meta({ description: 'Null for platform staff.' }),
  roleId: z.string().regex(/^rol_/),
  status: z.enum(['active', 'disabled']),
  createdAt: z.iso.datetime(),
};

export const StaffUser = z.strictObject(staffUserFields).meta({
  examples: [
    {
      id: 'usr_12',
      email: 'asha@acme.example',
      name: 'Asha Rao',
      tenantId: 'ten_3',
      roleId: 'rol_4',
      status: 'active',
      createdAt: '2026-11-20T08:30:00.000Z',
    },
  ],
});

export const Password = password(
  '8 to 200 characters, with at least one letter and one digit. Stored only as a scrypt hash.',
);

const StaffUserBody = dataOf(StaffUser);
const userIdParams = z.object({ id: z.string().meta({ description: "The staff user's id (`usr_…`)." }) });
const roleId = z.string().min(1).meta({ 'x-rule': "a role of the user's tenant" });

export const createStaffUserBody = z.strictObject({
  email: emailAddress(),
  name: DisplayName,
  password: Password,
  roleId,
  tenantId: z.string().min(1).meta({ 'x-rule': 'an existing tenant' }).optional(),
});
export const updateStaffUserBody = z.strictObject({
  name: DisplayName.optional(),
  password: Password.optional(),
  roleId: roleId.optional(),
  status: z.enum(['active', 'disabled']).optional(),
});

export const usersContract = {
  operations: defineOperations({
    listStaffUsers: {
      method: 'get',
      path: '/admin/users',
      query: directoryPageQuery,
      responses: { '200': pageOf(StaffUser) },
    },
    createStaffUser: {
      method: 'post',
      path: '/admin/users',
      body: createStaffUserBody,
      bodyRequired: true,
      responses: { '201': StaffUserBody },
    },
    updateStaffUser: {
      method: 'put',
      path: '/admin/users/{id}',
      params: userIdParams,
      body: updateStaffUserBody,
      bodyRequired: true,
      responses: { '200': StaffUserBody },
    },
    deleteStaffUser: {
      method: 'delete',
      path: '/admin/users/{id}',
      params: userIdParams,
      responses: { '200': DeletedBody },
    },
  }),
  components: { StaffUser, Password },
  responses: { StaffUser: StaffUserBody },
};
