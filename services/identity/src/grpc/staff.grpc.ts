import type { staff } from '@travel/contracts';
import { badRequest } from '@travel/errors';
import { type RequestContext, requireCallerOf, type ServiceImplementation } from '@travel/grpc';
import type { AccessTokens } from '../domain/access-tokens/access-tokens';
import type { createCreateRole } from '../domain/staff/create-role';
import type { createCreateUser } from '../domain/staff/create-user';
import type { createDeleteRole } from '../domain/staff/delete-role';
import type { createDeleteUser } from '../domain/staff/delete-user';
import type { createListRoles } from '../domain/staff/list-roles';
import type { createListTenantStaffEmails } from '../domain/staff/list-tenant-staff-emails';
import type { createListUsers } from '../domain/staff/list-users';
import type { Role, SessionTokens, StaffProfile, StaffUser } from '../domain/staff/staff';
import type { createUpdateRole } from '../domain/staff/update-role';
import type { createUpdateUser } from '../domain/staff/update-user';
import type { createGetSession } from '../domain/staff-sessions/get-session';
import type { createLogin } from '../domain/staff-sessions/login';
import type { createLogout } from '../domain/staff-sessions/logout';
import type { createRefreshSession } from '../domain/staff-sessions/refresh-session';
import { requireStaff } from './staff-actor';

export interface StaffUseCases {
  login: ReturnType<typeof createLogin>;
  refreshSession: ReturnType<typeof createRefreshSession>;
  logout: ReturnType<typeof createLogout>;
  getAccessTokenKeys: AccessTokens['published'];
  getSession: ReturnType<typeof createGetSession>;
  listUsers: ReturnType<typeof createListUsers>;
  listTenantStaffEmails: ReturnType<typeof createListTenantStaffEmails>;
  createUser: ReturnType<typeof createCreateUser>;
  updateUser: ReturnType<typeof createUpdateUser>;
  deleteUser: ReturnType<typeof createDeleteUser>;
  listRoles: ReturnType<typeof createListRoles>;
  createRole: ReturnType<typeof createCreateRole>;
  updateRole: ReturnType<typeof createUpdateRole>;
  deleteRole: ReturnType<typeof createDeleteRole>;
}

/** Thin handlers: decode, call one use case, encode. */
export function createStaffGrpc(
  useCases: StaffUseCases,
): ServiceImplementation<typeof staff.StaffServiceDefinition, RequestContext> {
  return {
    async login(request, context) {
      const tokens = await useCases.login({ ...request, requestId: request.requestId || context.requestId });
      return { tokens: encodeTokens(tokens) };
    },
    async refresh(request, context) {
      const tokens = await useCases.refreshSession({
        ...request,
        requestId: request.requestId || context.requestId,
      });
      return { tokens: encodeTokens(tokens) };
    },
    async logout(request, context) {
      await useCases.logout({ ...request, requestId: request.requestId || context.requestId });
      return {};
    },
    async getAccessTokenKeys() {
      return useCases.getAccessTokenKeys();
    },
    async getSession(request) {
      const { active, profile } = await useCases.getSession(request.sessionId);
      return { active, profile: profile && encodeProfile(profile) };
    },
    async listUsers({ caller, limit, cursor }) {
      const page = await useCases.listUsers(requireStaff(caller), { limit, cursor });
      return { users: page.items.map(encodeUser), nextCursor: page.nextCursor };
    },
    async listTenantStaffEmails(request) {
      requireCallerOf(request.caller, 'internal-job');
      if (!request.tenantId) throw badRequest([{ path: 'tenantId', message: 'must name a tenant' }]);
      return { emails: await useCases.listTenantStaffEmails(request.tenantId) };
    },
    async createUser({ caller, ...input }) {
      return { user: encodeUser(await useCases.createUser(requireStaff(caller), input)) };
    },
    async updateUser({ caller, id, ...input }) {
      return { user: encodeUser(await useCases.updateUser(requireStaff(caller), id, input)) };
    },
    async deleteUser({ caller, id }) {
      await useCases.deleteUser(requireStaff(caller), id);
      return {};
    },
    async listRoles({ caller, limit, cursor }) {
      const page = await useCases.listRoles(requireStaff(caller), { limit, cursor });
      return { roles: page.items.map(encodeRole), nextCursor: page.nextCursor };
    },
    async createRole({ caller, ...input }) {
      return { role: encodeRole(await useCases.createRole(requireStaff(caller), input)) };
    },
    async updateRole({ caller, id, name, rights }) {
      const input = { name, rights: rights?.values };
      return { role: encodeRole(await useCases.updateRole(requireStaff(caller), id, input)) };
    },
    async deleteRole({ caller, id }) {
      await useCases.deleteRole(requireStaff(caller), id);
      return {};
    },
  };
}

function encodeUser(user: StaffUser): staff.StaffUser {
  return { ...user, tenantId: user.tenantId ?? undefined };
}

function encodeRole(role: Role): staff.Role {
  return { ...role, tenantId: role.tenantId ?? undefined };
}

function encodeProfile(profile: StaffProfile): staff.StaffProfile {
  return { ...profile, user: encodeUser(profile.user) };
}

function encodeTokens(tokens: SessionTokens): staff.SessionTokens {
  return { ...tokens, profile: encodeProfile(tokens.profile) };
}
