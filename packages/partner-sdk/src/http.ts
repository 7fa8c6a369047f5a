import { PartnerApiError } from './errors';
import type { ErrorCode, FieldProblem, PriceChanged, SpendingLimitRefusal } from './types';

/**
 * How the client retries: a request that is safe to repeat (a read, or a change sent with an
 * `Idempotency-Key`) on a network error (no answer, a dropped connection, a timeout), any `5xx`, `429` and
 * `409 idempotency_key_in_use`, always with the same key; any other request only on `429` and
 * `503 api_disabled` (refused before any work). Waits a jittered exponential backoff, or at least the
 * answer's `Retry-After`.
 */
export interface RetryOptions {
  /** Retries after the first attempt; 0 turns retrying off. Default 3. */
  maxRetries?: number;
  /**
   * The longest single wait, in milliseconds. A `Retry-After` longer than this is not waited out: the
   * error is thrown at once (with `retryAfterSeconds`) so the caller decides. Default 30 000.
   */
  maxDelayMs?: number;
  /** First backoff when the answer has no `Retry-After` (doubled per retry, with jitter). Default 500. */
  baseDelayMs?: number;
}

export interface HttpOptions {
  apiKey: string;
  baseUrl: string;
  retry?: RetryOptions;
  /** Per attempt, in milliseconds. Default 30 000. */
  timeoutMs?: number;
  userAgent?: string;
  fetch?: typeof fetch;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Whether the request is safe to repeat: a read, or a change sent with an `Idempotency-Key` (the API
   * answers a repeat with the first answer). Such a request is retried on network errors, `5xx` and
   * `409 idempotency_key_in_use` too; any other (registering a webhook) only on `429` and
   * `503 api_disabled`, which are refused before any work.
   */
  retryUnavailable: boolean;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  body: T;
  requestId: string | null;
}

/** `Retry-After` as whole seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class HttpClient {
  private readonly maxRetries: number;
  private readonly maxDelayMs: number;
  private readonly baseDelayMs: number;
  private readonly fetch: typeof fetch;
  private readonly baseUrl: string;

  constructor(private readonly options: HttpOptions) {
    this.maxRetries = options.retry?.maxRetries ?? 3;
    this.maxDelayMs = options.retry?.maxDelayMs ?? 30_000;
    this.baseDelayMs = options.retry?.baseDelayMs ?? 500;
    this.fetch = options.fetch ?? fetch;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /**
   * One call, retried within the bounds (see {@link RetryOptions}); a non-2xx answer is thrown as a
   * {@link PartnerApiError}, a network error that is not retried (or is the last) as it came.
   */
  async send<T>(request: HttpRequest): Promise<HttpResponse<T>> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      let text: string;
      try {
        res = await this.attempt(request);
        text = await res.text();
      } catch (failure) {
        // No answer (refused, reset, dropped mid-body, timed out): the request may or may not have run.
        if (!request.retryUnavailable || attempt >= this.maxRetries) throw failure;
        await sleep(this.backoff(attempt));
        continue;
      }
      const requestId = res.headers.get('x-request-id');
      if (res.ok) {
        return {
          status: res.status,
          headers: res.headers,
          body: (text ? JSON.parse(text) : undefined) as T,
          requestId,
        };
      }
      const error = toError(res, text, requestId);
      const wait = this.retryDelay(request, error, attempt);
      if (wait === null) throw error;
      await sleep(wait);
    }
  }

  /** Milliseconds to wait before the next attempt, or null when this error is final. */
  private retryDelay(request: HttpRequest, error: PartnerApiError, attempt: number): number | null {
    const retryable =
      error.status === 429 ||
      (error.status === 503 && error.code === 'api_disabled') ||
      (request.retryUnavailable && (error.status >= 500 || error.code === 'idempotency_key_in_use'));
    if (!retryable || attempt >= this.maxRetries) return null;
    if (error.retryAfterSeconds !== null) {
      const ms = error.retryAfterSeconds * 1000;
      // Never sooner than asked; a little later, at random, so retries told the same second spread out.
      return ms <= this.maxDelayMs ? ms + Math.random() * Math.min(250, this.baseDelayMs) : null;
    }
    return this.backoff(attempt);
  }

  /** Exponential backoff with jitter: between half and all of `baseDelayMs · 2^attempt`, capped. */
  private backoff(attempt: number): number {
    const backoff = this.baseDelayMs * 2 ** attempt;
    return Math.min(this.maxDelayMs, backoff / 2 + Math.random() * (backoff / 2));
  }

  private attempt(request: HttpRequest): Promise<Response> {
    const url = new URL(`${this.baseUrl}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? 'partner-travel-sdk/0.1.0',
      ...request.headers,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    return this.fetch(url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
  }
}

interface Envelope {
  error?: {
    code?: ErrorCode;
    message?: string;
    requestId?: string;
    details?: FieldProblem[] | SpendingLimitRefusal | PriceChanged | Record<string, unknown> | null;
  };
}

function toError(res: Response, text: string, headerRequestId: string | null): PartnerApiError {
  let envelope: Envelope = {};
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    // Not our envelope (a proxy's page, an empty body): reported as unexpected_response below.
  }
  const error = envelope.error;
  return new PartnerApiError({
    status: res.status,
    code: typeof error?.code === 'string' ? error.code : 'unexpected_response',
    message: error?.message ?? (text.slice(0, 200) || res.statusText),
    requestId: error?.requestId ?? headerRequestId,
    // `details` is the field list of a bad_request, or the refusal object of spending_limit_exceeded.
    details: Array.isArray(error?.details) ? error.details : null,
    spendingLimit:
      error?.code === 'spending_limit_exceeded' && error.details && !Array.isArray(error.details)
        ? (error.details as SpendingLimitRefusal)
        : null,
    priceChanged:
      error?.code === 'price_changed' && error.details && !Array.isArray(error.details)
        ? (error.details as PriceChanged)
        : null,
    retryAfterSeconds: parseRetryAfter(res.headers.get('retry-after')),
  });
}
