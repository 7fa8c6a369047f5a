import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { RefreshTokenRequest } from '../common/internal-components';
import { dataOf } from '../common/partner-contract/operations';
import { Right } from './roles.contract';
import { staffUserFields } from './users.contract';

// The staff sign-in routes' schemas (auth.routes.ts validates with them); their words are in
// internal.texts.yaml.

export const StaffProfile = z
  .strictObject({
    ...staffUserFields,
    roleName: z.string(),
    permissions: z.array(Right).meta({ description: "The rights of the user's role." }),
    platform: z.boolean().meta({ description: 'True for platform staff (no tenant).' }),
  })
  .meta({
    description: "A staff user with their role's name and rights.",
    examples: [
      {
        id: 'usr_12',
        email: 'asha@acme.example',
        name: 'Asha Rao',
        tenantId: 'ten_3',
        roleId: 'rol_4',
        status: 'active',
        createdAt: '2026-11-20T08:30:00.000Z',
        roleName: 'Travel desk',
        permissions: ['bookings', 'api-console'],
        platform: false,
      },
    ],
  });

export const SessionTokens = z.strictObject({
  token: z.string().meta({ description: 'The access token (JWT), sent as `Authorization: Bearer <token>`.' }),
  refreshToken: z
    .string()
    .meta({ description: 'For `/admin/auth/refresh` and `/admin/auth/logout`; rotated on each refresh.' }),
  expiresIn: z
    .number()
    .int()
    .min(1)
    .meta({ description: 'Seconds until the access token expires (900 by default).' }),
  user: StaffProfile,
});

const SessionBody = dataOf(SessionTokens);

export const staffLoginBody = z.strictObject({
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(200),
});

export const authContract = {
  operations: defineOperations({
    staffLogin: {
      method: 'post',
      path: '/admin/auth/login',
      body: staffLoginBody,
      bodyRequired: true,
      responses: { '200': SessionBody },
    },
    staffRefresh: {
      method: 'post',
      path: '/admin/auth/refresh',
      body: RefreshTokenRequest,
      bodyRequired: true,
      responses: { '200': SessionBody },
    },
    staffLogout: {
      method: 'post',
      path: '/admin/auth/logout',
      body: RefreshTokenRequest,
      bodyRequired: true,
      responses: { '200': dataOf(z.strictObject({ loggedOut: z.literal(true) })) },
    },
    getStaffProfile: { method: 'get', path: '/admin/auth/me', responses: { '200': dataOf(StaffProfile) } },
  }),
  components: { StaffProfile, SessionTokens },
  responses: { Session: SessionBody },
};
