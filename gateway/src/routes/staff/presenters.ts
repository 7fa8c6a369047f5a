import type { staff, tenants } from '@travel/contracts';
import { iso } from '../common/iso';

// Proto messages → the internal API's JSON shapes (internal.yaml). Absent optionals become null.

export function presentTenant(tenant: tenants.Tenant | undefined) {
  if (!tenant) throw new Error('identity answered no tenant');
  return {
    id: tenant.id,
    name: tenant.name,
    status: tenant.status,
    contactEmail: tenant.contactEmail ?? null,
    createdAt: iso(tenant.createdAt),
    updatedAt: iso(tenant.updatedAt),
  };
}

export function presentUser(user: staff.StaffUser | undefined) {
  if (!user) throw new Error('identity answered no user');
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    tenantId: user.tenantId ?? null,
    roleId: user.roleId,
    status: user.status,
    createdAt: iso(user.createdAt),
  };
}

export function presentProfile(profile: staff.StaffProfile | undefined) {
  if (!profile) throw new Error('identity answered no profile');
  return {
    ...presentUser(profile.user),
    roleName: profile.roleName,
    permissions: profile.rights,
    platform: profile.platform,
  };
}

export function presentTokens(tokens: staff.SessionTokens | undefined) {
  if (!tokens) throw new Error('identity answered no tokens');
  return {
    token: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresIn: tokens.expiresIn,
    user: presentProfile(tokens.profile),
  };
}

export function presentRole(role: staff.Role | undefined) {
  if (!role) throw new Error('identity answered no role');
  return {
    id: role.id,
    name: role.name,
    tenantId: role.tenantId ?? null,
    permissions: role.rights,
    builtIn: role.builtIn,
    createdAt: iso(role.createdAt),
  };
}
