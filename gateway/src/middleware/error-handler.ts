import { errorCatalog, isAppError } from '@travel/errors';
import type { ErrorRequestHandler } from 'express';
import { errorBody } from '../http/envelope';
import { requestContextOf } from '../http/request-context';

/** Last in the chain: every failure leaves in the envelope; unknown errors are logged in full, answered 500. */
export const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  const { requestId, log } = requestContextOf(res);
  if (res.headersSent) {
    log.error({ err: error }, 'error after the response started');
    res.end();
    return;
  }
  if (isAppError(error)) {
    if (error.httpStatus >= 500) log.error({ err: error }, error.message);
    // A 503 is worth retrying soon (h/deadline owns the value).
    if (error.httpStatus === 503 && !res.getHeader('retry-after')) res.setHeader('Retry-After', '1');
    res
      .status(error.httpStatus)
      .json(errorBody(error.code, error.message, requestId, error.details ?? error.facts));
    return;
  }
  log.error({ err: error }, 'unhandled error');
  res.status(500).json(errorBody('internal_error', errorCatalog.internal_error.message, requestId));
};
