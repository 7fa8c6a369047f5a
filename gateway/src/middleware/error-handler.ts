import { type ErrorCode, errorCatalog, isAppError } from '@travel/errors';
import type { ErrorRequestHandler } from 'express';
import { errorBody } from '../http/envelope';
import { requestContextOf } from '../http/request-context';

/**
 * `Retry-After` of every `503` (docs/decisions/deadlines-and-load.md, "Retry-After"): a shed call or a dependency
 * that does not answer may well work a second later (clients add their own backoff); an API switched off by the
 * administrator stays off for minutes, so asking every second would be waste.
 */
const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = { api_disabled: 60 };
const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** Last in the chain: every failure leaves in the envelope; unknown errors are logged in full, answered 500. */
export const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  const context = requestContextOf(res);
  const { requestId, log, signal } = context;
  if (res.headersSent) {
    log.error({ err: error }, 'error after the response started');
    res.end();
    return;
  }
  if (signal?.aborted) {
    // The client hung up, and its calls were cancelled with it (request-budget.ts): no one hears an answer.
    log.debug({ err: error }, 'client closed the request before its answer');
    res.end();
    return;
  }
  if (isAppError(error)) {
    if (error.httpStatus >= 500) log.error({ err: error }, error.message);
    // Unless the route set its own (an idempotency key in use says when to ask again).
    if (error.httpStatus === 503 && !res.getHeader('retry-after'))
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS[error.code] ?? DEFAULT_RETRY_AFTER_SECONDS));
    context.errorBody = errorBody(error.code, error.message, requestId, error.details ?? error.facts);
    res.status(error.httpStatus).json(context.errorBody);
    return;
  }
  log.error({ err: error }, 'unhandled error');
  context.errorBody = errorBody('internal_error', errorCatalog.internal_error.message, requestId);
  res.status(500).json(context.errorBody);
};
