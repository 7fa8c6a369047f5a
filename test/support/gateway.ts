import { request } from 'node:http';
import { DEMO_ADMIN, signInAdmin } from '@travel/local-deploy';
import { createOpenApiValidator } from '@travel/testkit';

/** The gateway of the stack that stack-setup.js launched. */
export function gatewayUrl(): string {
  return process.env.E2E_GATEWAY_URL ?? 'http://127.0.0.1:18080';
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** One HTTP call to the gateway; the body is parsed when it is JSON. `timeoutMs` bounds it (else none). */
export async function call(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
) {
  const signal = init.timeoutMs === undefined ? undefined : AbortSignal.timeout(init.timeoutMs);
  const res = await fetch(`${gatewayUrl()}${path}`, {
    method,
    headers: init.headers,
    body: init.body,
    signal,
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('application/json');
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: json ? JSON.parse(text) : undefined,
  } as ApiResponse;
}

/**
 * One HTTP call from a chosen loopback address: the whole 127.0.0.0/8 is this machine's loopback, so the gateway
 * sees that peer address (a second caller, without any proxy header) and keeps its per-address limits apart.
 */
export function callFrom(
  localAddress: string,
  base: string,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<ApiResponse> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method, localAddress, headers: { 'content-type': 'application/json', ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const headers = new Headers(
            Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])) as [
              string,
              string,
            ][],
          );
          const isJson = res.headers['content-type']?.includes('application/json');
          resolve({
            status: res.statusCode ?? 0,
            headers,
            text,
            body: isJson ? JSON.parse(text) : undefined,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The gateway's request budget (REQUEST_BUDGET_MS, 5 s) plus its own work: no answer takes longer. */
export const ANSWER_BOUND_MS = 6000;

/** `GET /api/admin/health`: the platform staff's report, every service and dependency. */
export interface PlatformHealth {
  data: {
    status: string;
    checkedAt: string;
    services: Record<string, { status: string; dependencies?: Record<string, string> }>;
    infrastructure: Record<string, string>;
  };
}

/** One platform administrator's token per gateway and address, signed in once (sign-ins are slow on purpose). */
const staffTokens = new Map<string, Promise<string>>();

function staffToken(credentials: StaffCredentials): Promise<string> {
  const key = `${gatewayUrl()} ${credentials.email}`;
  let token = staffTokens.get(key);
  if (!token) {
    token = signInAdmin(gatewayUrl(), credentials).then((admin) => admin.token);
    // A sign-in that failed (identity or the store down in a fault test) is tried again next time.
    token.catch(() => staffTokens.delete(key));
    staffTokens.set(key, token);
  }
  return token;
}

type StaffCredentials = typeof DEMO_ADMIN;

/**
 * The detailed report, read as platform staff (the public `/api/health` says only `ok` or `degraded`). An answer
 * that is not the report (identity down, a token that ended) throws, so a `waitFor` tries again.
 */
export async function platformHealth(credentials: StaffCredentials = DEMO_ADMIN): Promise<PlatformHealth> {
  const token = await staffToken(credentials);
  const res = await call('GET', '/api/admin/health', { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 401) staffTokens.delete(`${gatewayUrl()} ${credentials.email}`);
  if (res.status !== 200) throw new Error(`/api/admin/health answered ${res.status}: ${res.text}`);
  return res.body as PlatformHealth;
}

/** Every service answers SERVING and the report is `ok`: the platform is healthy again. */
export function expectAllServing(report: PlatformHealth): void {
  expect(Object.values(report.data.services).every((s) => s.status === 'SERVING')).toBe(true);
  expect(report.data.status).toBe('ok');
}

/** Validators for both APIs, built from the documents the gateway itself serves. */
export async function openApiValidators() {
  const partner = (await call('GET', '/api/v1/openapi.json')).body as Parameters<
    typeof createOpenApiValidator
  >[0];
  const internal = (await call('GET', '/api/openapi.json')).body as Parameters<
    typeof createOpenApiValidator
  >[0];
  return {
    partner: createOpenApiValidator(partner, '/api/v1'),
    internal: createOpenApiValidator(internal, '/api'),
  };
}

/** Asserts a response against the document that covers its path, as every e2e test does. */
export async function expectDocumented(method: string, path: string, res: ApiResponse): Promise<void> {
  const validators = await openApiValidators();
  const validate = path.startsWith('/api/v1/') ? validators.partner : validators.internal;
  validate({ method, path, status: res.status, body: res.body });
}
