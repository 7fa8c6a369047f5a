import type { components } from './internal';

export type StaffProfile = components['schemas']['StaffProfile'];
type SessionTokens = components['schemas']['SessionTokens'];

/**
 * How the console holds a staff session (docs/console.md, "Tokens in the browser"): the access token (15
 * minutes) in this module's memory only, never in storage, so no other script, tab or extension page can read it
 * from storage; the refresh token in `sessionStorage` of this tab only (gone when the tab closes), so a reload
 * signs in again without the password. Both travel in the body or `Authorization`, never in a cookie, so a
 * page of another site cannot make the browser send them (no CSRF). The CSP keeps foreign scripts out (XSS).
 */
const REFRESH_KEY = 'partner-console.refresh-token';
const RENEW_BEFORE_MS = 30_000;

interface Held {
  token: string;
  expiresAt: number;
  user: StaffProfile;
}

let held: Held | null = null;
let refreshing: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

export const currentUser = (): StaffProfile | null => held?.user ?? null;

export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function keep(tokens: SessionTokens): void {
  held = { token: tokens.token, expiresAt: Date.now() + tokens.expiresIn * 1000, user: tokens.user };
  sessionStorage.setItem(REFRESH_KEY, tokens.refreshToken);
  for (const listener of listeners) listener();
}

function forget(): void {
  held = null;
  sessionStorage.removeItem(REFRESH_KEY);
  for (const listener of listeners) listener();
}

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
  });
}

export interface SignInResult {
  ok: boolean;
  message?: string;
}

export async function signIn(email: string, password: string): Promise<SignInResult> {
  const res = await postJson('/admin/auth/login', { email, password });
  const body = (await res.json().catch(() => null)) as {
    data?: SessionTokens;
    error?: { message: string; code: string };
  } | null;
  if (res.ok && body?.data) {
    keep(body.data);
    return { ok: true };
  }
  if (res.status === 401) return { ok: false, message: 'The email or the password is wrong.' };
  return { ok: false, message: body?.error?.message ?? `Sign-in failed (${res.status}).` };
}

/** New tokens for the tab's refresh token; one refresh at a time (a refresh token sent twice ends the session). */
export function refresh(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = sessionStorage.getItem(REFRESH_KEY);
    if (!refreshToken) return false;
    try {
      const res = await postJson('/admin/auth/refresh', { refreshToken });
      if (!res.ok) {
        if (res.status === 401 || res.status === 400) forget();
        return false;
      }
      keep(((await res.json()) as { data: SessionTokens }).data);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export async function signOut(): Promise<void> {
  const refreshToken = sessionStorage.getItem(REFRESH_KEY);
  forget();
  if (refreshToken) await postJson('/admin/auth/logout', { refreshToken }).catch(() => undefined);
}

function withToken(request: Request): Request {
  const headers = new Headers(request.headers);
  if (held) headers.set('authorization', `Bearer ${held.token}`);
  return new Request(request, { headers, credentials: 'omit' });
}

/** `fetch` with the access token, renewed shortly before it expires, and once more after a `401`. */
export async function authorizedFetch(request: Request): Promise<Response> {
  if (!held || held.expiresAt - Date.now() < RENEW_BEFORE_MS) await refresh();
  const retry = request.clone();
  const res = await fetch(withToken(request));
  if (res.status !== 401) return res;
  if (!(await refresh())) {
    forget();
    return res;
  }
  return fetch(withToken(retry));
}
