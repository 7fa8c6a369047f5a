import type { ErrorCode, FieldProblem, PriceChanged, SpendingLimitRefusal } from './types';

/**
 * Any answer of the partner API that is not a success: `code` is the envelope's `error.code` (one of
 * {@link ErrorCode}; `unexpected_response` when the body is not our error envelope, e.g. from a proxy),
 * `status` the HTTP status and `requestId` the id to quote to support (`X-Request-Id`).
 */
export class PartnerApiError extends Error {
  override readonly name = 'PartnerApiError';
  readonly status: number;
  readonly code: ErrorCode | 'unexpected_response';
  readonly requestId: string | null;
  /** One entry per failing field for `bad_request`, else null. */
  readonly details: FieldProblem[] | null;
  /**
   * For `403 spending_limit_exceeded` (the envelope's `details` object): which limit refused, the amount, and
   * what the key may still book today (`remaining`); else null.
   */
  readonly spendingLimit: SpendingLimitRefusal | null;
  /** For `409 price_changed` (a booking's `expectedPrice` differs): the price now and the one expected; else null. */
  readonly priceChanged: PriceChanged | null;
  /** `Retry-After` in seconds when the answer carried one (`429`, `503`, `409 idempotency_key_in_use`). */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    code: ErrorCode | 'unexpected_response';
    message: string;
    requestId: string | null;
    details?: FieldProblem[] | null;
    spendingLimit?: SpendingLimitRefusal | null;
    priceChanged?: PriceChanged | null;
    retryAfterSeconds?: number | null;
  }) {
    super(
      `${init.status} ${init.code}: ${init.message}${init.requestId ? ` (request ${init.requestId})` : ''}`,
    );
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details ?? null;
    this.spendingLimit = init.spendingLimit ?? null;
    this.priceChanged = init.priceChanged ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

/** Whether `error` is a {@link PartnerApiError}, optionally of one code. */
export function isPartnerApiError(error: unknown, code?: PartnerApiError['code']): error is PartnerApiError {
  return error instanceof PartnerApiError && (code === undefined || error.code === code);
}
