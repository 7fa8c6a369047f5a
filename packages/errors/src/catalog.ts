import { Status } from 'nice-grpc-common';

export interface ErrorDefinition {
  /** HTTP status the gateway answers with. */
  readonly http: number;
  /** gRPC status a service answers with; the exact code travels beside it in metadata. */
  readonly grpc: Status;
  /** Default human-readable message; a thrower may give a more specific one. */
  readonly message: string;
}

/**
 * Every error code of the platform, in one place. The partner-facing codes are those the partner API document lists (gateway/openapi/partner.yaml) plus
 * `spending_limit_exceeded` (issue 32, docs/access.md); the rest cover transport failures the gateway must
 * also answer in the envelope.
 */
export const errorCatalog = {
  bad_request: { http: 400, grpc: Status.INVALID_ARGUMENT, message: 'The request is invalid.' },
  idempotency_key_required: {
    http: 400,
    grpc: Status.INVALID_ARGUMENT,
    message: 'The Idempotency-Key header is required (8 to 100 characters).',
  },
  unauthorized: {
    http: 401,
    grpc: Status.UNAUTHENTICATED,
    message: 'The credential is missing, invalid, revoked or expired.',
  },
  forbidden: { http: 403, grpc: Status.PERMISSION_DENIED, message: 'Access to this resource is forbidden.' },
  insufficient_scope: {
    http: 403,
    grpc: Status.PERMISSION_DENIED,
    message: 'The key lacks the scope this operation requires.',
  },
  scope_disabled: {
    http: 403,
    grpc: Status.PERMISSION_DENIED,
    message: 'This scope is switched off platform-wide.',
  },
  client_not_linked: {
    http: 403,
    grpc: Status.FAILED_PRECONDITION,
    message: 'The API client is not linked to a tenant.',
  },
  // 403, not 402: the key is not allowed to spend more today; paying would change nothing (docs/decisions/partner-tools.md, "Spending limits per API key").
  spending_limit_exceeded: {
    http: 403,
    grpc: Status.RESOURCE_EXHAUSTED,
    message: "The booking is over the API key's spending limit.",
  },
  not_found: { http: 404, grpc: Status.NOT_FOUND, message: 'The resource does not exist.' },
  method_not_allowed: {
    http: 405,
    grpc: Status.UNIMPLEMENTED,
    message: 'The method is not allowed on this resource.',
  },
  conflict: {
    http: 409,
    grpc: Status.ABORTED,
    message: 'The request conflicts with the current state of the resource.',
  },
  // Another request with this Idempotency-Key is still running (docs/idempotency.md): retry after `Retry-After`.
  idempotency_key_in_use: {
    http: 409,
    grpc: Status.ABORTED,
    message: 'A request with this Idempotency-Key is still in progress; retry after the Retry-After seconds.',
  },
  // A booking sent with `expectedPrice` whose price to book differs: nothing was booked; the facts hold the price now.
  price_changed: {
    http: 409,
    grpc: Status.FAILED_PRECONDITION,
    message: 'The price of this offer is no longer the expected one; nothing was booked.',
  },
  offer_expired: { http: 410, grpc: Status.FAILED_PRECONDITION, message: 'The offer token has expired.' },
  // A cancel naming a cancellation quote (issue 32): it cancels only at the quoted refund.
  quote_invalid: {
    http: 409,
    grpc: Status.FAILED_PRECONDITION,
    message: 'The quote id names no cancellation quote of this booking.',
  },
  quote_expired: {
    http: 409,
    grpc: Status.FAILED_PRECONDITION,
    message: 'The cancellation quote has expired; ask for a new one.',
  },
  refund_changed: {
    http: 409,
    grpc: Status.FAILED_PRECONDITION,
    message: 'The refund differs from the quoted one; ask for a new quote.',
  },
  payload_too_large: {
    http: 413,
    grpc: Status.INVALID_ARGUMENT,
    message: 'The request body is larger than 1 MiB.',
  },
  idempotency_key_reuse: {
    http: 422,
    grpc: Status.FAILED_PRECONDITION,
    message: 'This Idempotency-Key was already used with a different request body.',
  },
  rate_limited: { http: 429, grpc: Status.RESOURCE_EXHAUSTED, message: 'Rate limit exceeded.' },
  internal_error: {
    http: 500,
    grpc: Status.INTERNAL,
    message: 'An unexpected error occurred. Retry with backoff and report the request id.',
  },
  api_disabled: {
    http: 503,
    grpc: Status.UNAVAILABLE,
    message: 'The API is switched off by the platform administrator.',
  },
  // Fail closed (docs/payments.md): no usable payment gateway, so a card payment is refused and nothing is charged.
  payment_gateway_unavailable: {
    http: 503,
    grpc: Status.FAILED_PRECONDITION,
    message: 'No payment gateway can take card payments now; nothing was charged and nothing was booked.',
  },
  service_unavailable: {
    http: 503,
    grpc: Status.UNAVAILABLE,
    message: 'A backing service is temporarily unavailable. Retry with backoff.',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorCatalog;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorCatalog, value);
}
