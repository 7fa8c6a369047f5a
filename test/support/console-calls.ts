import { type AdminApi, bearer } from './admin';
import { type ApiResponse, call, expectDocumented } from './gateway';
import { login, tokensOf } from './staff';

/** A console call with a staff token (or none), checked against the internal OpenAPI document. */
export async function consoleCall(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<ApiResponse> {
  const headers = {
    ...(token === null ? {} : bearer(token)),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...extraHeaders,
  };
  const res = await call(method, path, {
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await expectDocumented(method, path.split('?')[0] as string, res);
  return res;
}

export const dataOf = <T>(res: ApiResponse) => (res.body as { data: T }).data;
export const codeOf = (res: ApiResponse) => [
  res.status,
  (res.body as { error?: { code: string } })?.error?.code,
];

/** A platform staff member (no tenant) whose role holds only `permissions`, signed in. */
export async function platformStaff(admin: AdminApi, permissions: string[]) {
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const role = await admin.request<{ id: string }>('POST', '/api/admin/roles', {
    name: `Platform ${permissions.join('+') || 'none'} ${tag}`,
    permissions,
  });
  const email = `platform-${tag}@partner-travel.example`;
  const password = 'platform-pass-2026';
  await admin.request('POST', '/api/admin/users', {
    email,
    name: 'Platform staff',
    password,
    roleId: role.id,
  });
  return { email, token: tokensOf(await login(email, password)).token };
}

/**
 * The audit actions of one target, newest first, as the platform administrator reads them. Entries reach the log
 * through each service's relay (docs/decisions/audit.md), so it reads until the target's entries stop changing.
 */
export async function auditOf(admin: AdminApi, targetId: string, settleMs = 1500) {
  const read = async () =>
    (await admin.request<{ action: string; target: { id: string } }[]>('GET', '/api/admin/audit?limit=100'))
      .filter((entry) => entry.target.id === targetId)
      .map((entry) => entry.action);
  const deadline = Date.now() + 30_000;
  let last = await read();
  let since = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await read();
    if (now.join() !== last.join()) [last, since] = [now, Date.now()];
    else if (last.length > 0 && Date.now() - since >= settleMs) return last;
    if (Date.now() > deadline) return last;
  }
}
