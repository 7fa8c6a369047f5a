import { createHmac } from 'node:crypto';
import { type CaughtEmail, emailsTo, emailsWithSubject, waitFor } from '@travel/testkit';
import { type AdminApi, bearer } from '../support/admin';
import { auditOf } from '../support/console-calls';
import { type ApiResponse, call, expectDocumented } from '../support/gateway';
import { login, tokensOf } from '../support/staff';

/** The e2e stack's WhatsApp secrets (deploy/local's engagement-env.ts, profile e2e). */
export const WHATSAPP = { verifyToken: 'e2e-whatsapp-verify-token', appSecret: 'e2e-whatsapp-app-secret' };

/** One call to the gateway with a staff token (or none), checked against the internal OpenAPI document. */
export async function api(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const res = await unchecked(token, method, path, body, headers);
  await expectDocumented(method, path.split('?')[0] as string, res);
  return res;
}

/** The same call unchecked, for loops of hundreds (each is like one checked before or after it). */
export function unchecked(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return call(method, path, {
    headers: {
      ...(token === null ? {} : bearer(token)),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * A public intake call that waits out its window when an earlier test spent it (the limit is per client
 * address, and every test calls from 127.0.0.1).
 */
export async function intake(path: string, body: unknown): Promise<ApiResponse> {
  const res = await api(null, 'POST', path, body);
  if (res.status !== 429) return res;
  await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after')) * 1000 + 100));
  return api(null, 'POST', path, body);
}

export const dataOf = <T>(res: ApiResponse) => (res.body as { data: T }).data;
export const errorCode = (res: ApiResponse) => (res.body as { error?: { code: string } })?.error?.code;

/** A platform staff member (no tenant) whose role holds only `permissions`, signed in. */
export async function platformStaffWith(admin: AdminApi, permissions: string[]) {
  const tag = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  const role = await admin.request<{ id: string }>('POST', '/api/admin/roles', {
    name: `Engagement ${permissions.join('+') || 'none'} ${tag}`,
    permissions,
  });
  const email = `eng-platform-${tag}@partner-travel.example`;
  const password = 'platform-pass-2026';
  await admin.request('POST', '/api/admin/users', {
    email,
    name: 'Platform staff',
    password,
    roleId: role.id,
  });
  return { email, token: tokensOf(await login(email, password)).token };
}

/** Waits until MailDev holds at least `count` emails with this subject, then a moment more for late ones. */
export async function caughtWithSubject(subject: string, count: number): Promise<CaughtEmail[]> {
  await waitFor(
    async () => {
      const found = await emailsWithSubject(subject);
      if (found.length < count) throw new Error(`${found.length} of ${count} emails with "${subject}"`);
    },
    { timeoutMs: 90_000, intervalMs: 500 },
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return emailsWithSubject(subject);
}

/** Waits for the first email to an address. */
export function firstEmailTo(address: string): Promise<CaughtEmail> {
  return waitFor(
    async () => {
      const [first] = await emailsTo(address);
      if (!first) throw new Error(`no email to ${address} yet`);
      return first;
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
}

/** The audit actions of one target, as the platform administrator reads the log once engagement's relay delivered them. */
export function auditActionsOf(admin: AdminApi, targetId: string): Promise<string[]> {
  return auditOf(admin, targetId);
}

/** A WhatsApp Cloud API delivery of text messages, as Meta posts it. */
export function whatsappDelivery(messages: { id: string; from: string; text: string; name?: string }[]) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: '106540352242922' },
              contacts: messages.map((m) => ({
                profile: { name: m.name ?? 'WhatsApp user' },
                wa_id: m.from,
              })),
              messages: messages.map((m) => ({
                from: m.from,
                id: m.id,
                timestamp: String(Math.floor(Date.now() / 1000)),
                type: 'text',
                text: { body: m.text },
              })),
            },
          },
        ],
      },
    ],
  });
}

export const signed = (body: string, secret = WHATSAPP.appSecret) => ({
  'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
});
