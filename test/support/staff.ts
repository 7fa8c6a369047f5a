import { type AdminApi, newPartner } from './admin';
import { type ApiResponse, call, expectDocumented } from './gateway';

const json = { 'content-type': 'application/json' };

/** `POST /api/admin/auth/login`, checked against the internal OpenAPI document. */
export async function login(email: string, password: string): Promise<ApiResponse> {
  const res = await call('POST', '/api/admin/auth/login', {
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  await expectDocumented('POST', '/api/admin/auth/login', res);
  return res;
}

export interface Tokens {
  token: string;
  refreshToken: string;
}
export const tokensOf = (res: ApiResponse) => (res.body as { data: Tokens }).data;

/** A tenant with a staff member whose role holds `permissions`, signed in. */
export async function tenantStaff(admin: AdminApi, permissions: string[]) {
  const { tenant, client, key } = await newPartner(admin);
  const role = await admin.request<{ id: string }>('POST', '/api/admin/roles', {
    name: `Role ${permissions.join('+') || 'none'} ${tenant.id}`,
    permissions,
    tenantId: tenant.id,
  });
  const email = `staff-${tenant.id.toLowerCase()}-${permissions.length}@agency.example`;
  const password = 'tenant-pass-2026';
  await admin.request('POST', '/api/admin/users', {
    email,
    name: 'Tenant staff',
    password,
    roleId: role.id,
    tenantId: tenant.id,
  });
  const session = tokensOf(await login(email, password));
  return { tenant, client, key, email, token: session.token };
}
