import { PartnerApiError } from './errors';
import type { ErrorCode, FieldProblem, SpendingLimitRefusal } from './types';

/** How the client retries `429` and `503` answers. */
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
   * Whether a `503 service_unavailable` may be retried: true unless a repeated request could do the
   * work twice (registering a webhook). `429` and `503 api_disabled` are refused before any work, so
   * they are always retried.
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

  /** One call, retried on `429`/`503` within the bounds; a non-2xx answer is thrown as a {@link PartnerApiError}. */
  async send<T>(request: HttpRequest): Promise<HttpResponse<T>> {
    for (let attempt = 0; ; attempt++) {
      const res = await this.attempt(request);
      const text = await res.text();
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
      (error.status === 503 && (request.retryUnavailable || error.code === 'api_disabled'));
    if (!retryable || attempt >= this.maxRetries) return null;
    if (error.retryAfterSeconds !== null) {
      const ms = error.retryAfterSeconds * 1000;
      return ms <= this.maxDelayMs ? ms : null;
    }
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
    details?: FieldProblem[] | SpendingLimitRefusal | null;
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
        ? error.details
        : null,
    retryAfterSeconds: parseRetryAfter(res.headers.get('retry-after')),
  });
}
