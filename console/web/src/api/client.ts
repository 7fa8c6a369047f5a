import createClient from 'openapi-fetch';
import type { components, paths } from './internal';
import { authorizedFetch } from './session';

/** The internal API, typed from gateway/openapi/internal.yaml, on this origin, with the session's token. */
export const api = createClient<paths>({ baseUrl: '/api', fetch: authorizedFetch });

export type Schemas = components['schemas'];

/** The error envelope both APIs answer with. */
export interface ErrorEnvelope {
  error: { code: string; message: string; requestId: string; details: unknown };
}

export interface Outcome<T> {
  ok: boolean;
  status: number;
  data?: T;
  error?: ErrorEnvelope['error'];
  /** A list's cursor of its next page; null on its last page. */
  nextCursor?: string | null;
}

/** An `openapi-fetch` answer as an `Outcome`: its `data`, or the error envelope and status. */
export function outcomeOf<T>(result: {
  data?: { data: T } | undefined;
  error?: unknown;
  response: Response;
}): Outcome<T> {
  if (result.data !== undefined) return { ok: true, status: result.response.status, data: result.data.data };
  const envelope = result.error as Partial<ErrorEnvelope> | undefined;
  return { ok: false, status: result.response.status, ...(envelope?.error ? { error: envelope.error } : {}) };
}

/** A list answer of `openapi-fetch` (`{ data: [...], nextCursor }`) as an `Outcome` with its cursor. */
export function listOutcomeOf<T>(result: {
  data?: { data: T[]; nextCursor: string | null } | undefined;
  error?: unknown;
  response: Response;
}): Outcome<T[]> {
  if (result.data === undefined) return outcomeOf<T[]>({ error: result.error, response: result.response });
  return {
    ok: true,
    status: result.response.status,
    data: result.data.data,
    nextCursor: result.data.nextCursor,
  };
}

/**
 * A call by path, untyped: for the lists whose filters come from the URL as strings (bookings, invoices, the
 * tenant directory) and the client lists; every route they call is in the internal document, so each could move
 * to `api`. Same token, same envelope; a list keeps its `nextCursor`.
 */
export async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { query?: Record<string, string | undefined>; body?: unknown } = {},
): Promise<Outcome<T>> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {}))
    if (value !== undefined && value !== '') search.set(name, value);
  const url = `/api${path}${search.size > 0 ? `?${search}` : ''}`;
  const init: RequestInit =
    options.body === undefined
      ? { method }
      : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(options.body) };
  try {
    const res = await authorizedFetch(new Request(url, init));
    const body = (await res.json().catch(() => null)) as {
      data?: T;
      nextCursor?: string | null;
      error?: ErrorEnvelope['error'];
    } | null;
    if (!res.ok) return { ok: false, status: res.status, ...(body?.error ? { error: body.error } : {}) };
    return { ok: true, status: res.status, data: body?.data as T, nextCursor: body?.nextCursor ?? null };
  } catch (error) {
    return {
      ok: false,
      status: 0,
      error: { code: 'network_error', message: String(error), requestId: '', details: null },
    };
  }
}

/** A list call: `{ data: [...], nextCursor }`. */
export async function callList<T>(
  path: string,
  query: Record<string, string | undefined>,
): Promise<Outcome<T[]>> {
  const outcome = await call<T[]>('GET', path, { query });
  return outcome.ok ? { ...outcome, data: outcome.data ?? [] } : outcome;
}
