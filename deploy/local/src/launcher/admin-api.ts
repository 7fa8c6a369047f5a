// A small client of the internal admin API over HTTP, for the demo seed, tests and benchmarks.
import { SCOPES } from '@travel/api-keys';

/** Every partner scope: demo keys and test keys get all of them unless told otherwise. */
export const ALL_SCOPES = SCOPES;

/** The first platform administrator of a non-production start (identity's defaults). */
export const DEMO_ADMIN = { email: 'admin@partner-travel.local', password: 'admin-demo-2026' };

export interface IssuedKey {
  id: string;
  secret: string;
  prefix: string;
  environment: 'live' | 'test';
  scopes: string[];
}

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

export interface AdminApi {
  token: string;
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
  /**
   * Every item of a paged list (`GET`, pages of 100 following `nextCursor`). `itemsOf` picks the items of a
   * page whose `data` holds the list beside fields of its own (`/api/admin/api-access`: `data.clients`).
   */
  everyItem<T>(path: string, itemsOf?: (data: unknown) => T[]): Promise<T[]>;
  createTenant(name: string): Promise<{ id: string; name: string }>;
  createClient(name: string, tenantId: string | null): Promise<{ id: number; name: string }>;
  createKey(clientId: number, options?: Record<string, unknown>): Promise<IssuedKey>;
}

/** Signs in (`POST /api/admin/auth/login`) and returns calls authorised by that session. */
export async function signInAdmin(baseUrl: string, credentials = DEMO_ADMIN): Promise<AdminApi> {
  const login = await send<{ token: string }>(
    baseUrl,
    'POST',
    '/api/admin/auth/login',
    undefined,
    credentials,
  );
  const request = <T>(method: string, path: string, body?: unknown) =>
    send<T>(baseUrl, method, path, login.token, body);
  const everyItem = async <T>(path: string, itemsOf = (data: unknown) => data as T[]) => {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: { data: unknown; nextCursor: string | null } = await send(
        baseUrl,
        'GET',
        `${path}${path.includes('?') ? '&' : '?'}${query}`,
        login.token,
        undefined,
        true,
      );
      items.push(...itemsOf(page.data));
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  };
  return {
    token: login.token,
    request,
    everyItem,
    createTenant: (name) => request('POST', '/api/admin/tenant-directory', { name }),
    createClient: (name, tenantId) => request('POST', '/api/admin/api-access/clients', { name, tenantId }),
    createKey: (clientId, options = {}) =>
      request('POST', `/api/admin/api-access/clients/${clientId}/keys`, {
        scopes: [...ALL_SCOPES],
        ...options,
      }),
  };
}

/** The answer's `data` (or, with `whole`, the whole body: a list page with its `nextCursor`). */
async function send<T>(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  whole = false,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = (await res.json().catch(() => undefined)) as { data?: T } | undefined;
  if (!res.ok) throw new AdminApiError(res.status, parsed, `${method} ${path}`);
  return (whole ? parsed : parsed?.data) as T;
}
