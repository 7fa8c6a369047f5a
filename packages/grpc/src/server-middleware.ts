import { AppError, errorCatalog, isAppError, isUnavailableError } from '@travel/errors';
import { type Logger, withRequestId } from '@travel/logger';
import { type CallContext, ServerError, type ServerMiddleware, Status } from 'nice-grpc';
import { deadlineOf } from './deadline';
import { CALLER_KEY, ERROR_CODE_KEY, ERROR_DETAILS_KEY, REQUEST_ID_KEY, VERIFIED_PEER_KEY } from './metadata';

/**
 * What every handler receives beside the request: the caller's request id, a logger carrying it, and the
 * call's deadline (none when the caller set none; with `signal`, aborted when the caller cancels). Calls to
 * other services made while the handler runs carry both on by themselves (call-scope.ts).
 */
export interface RequestContext {
  requestId: string;
  logger: Logger;
  deadline?: Date;
}

/**
 * Gives each call its request id and logger, and turns thrown errors into gRPC statuses:
 * catalog errors keep their exact code in the trailer; a backing server that cannot be reached is
 * UNAVAILABLE (`503 service_unavailable`); anything else is logged in full and answered with a generic INTERNAL.
 */
export function requestContextMiddleware(root: Logger): ServerMiddleware<RequestContext> {
  return async function* requestContext(call, context) {
    const requestId = context.metadata.get(REQUEST_ID_KEY) ?? `req_internal_${Date.now().toString(36)}`;
    // The call's logger is made when something logs (most calls log nothing): a pino child per call is not free.
    let made: Logger | undefined;
    const loggerOf = () => {
      const from = context.metadata.get(CALLER_KEY);
      // The peer its certificate proved (set by peerCheck); `from` is only what the client says of itself.
      const peer = context.metadata.get(VERIFIED_PEER_KEY);
      made ??= withRequestId(root, requestId).child({
        rpc: call.method.path,
        ...(from ? { from } : {}),
        ...(peer ? { peer } : {}),
      });
      return made;
    };
    const deadline = deadlineOf(context.metadata);
    const callContext = Object.defineProperty({ ...context, requestId, deadline }, 'logger', {
      get: loggerOf,
      enumerable: true,
    }) as typeof context & RequestContext;
    try {
      return yield* call.next(call.request, callContext);
    } catch (error) {
      throw toServerError(error, context, loggerOf());
    }
  };
}

function toServerError(error: unknown, context: CallContext, logger: Logger): ServerError {
  if (error instanceof ServerError) return error;
  // The caller hung up or its deadline passed (its own calls failed with it): no one hears the answer.
  if (context.signal.aborted) return new ServerError(Status.CANCELLED, 'The call was cancelled.');
  if (isUnavailableError(error)) logger.warn({ err: error }, 'a backing server is unavailable');
  const appError = isUnavailableError(error)
    ? new AppError('service_unavailable')
    : isAppError(error)
      ? error
      : undefined;
  if (!appError) {
    logger.error({ err: error }, 'unhandled error');
    context.trailer.set(ERROR_CODE_KEY, 'internal_error');
    return new ServerError(Status.INTERNAL, errorCatalog.internal_error.message);
  }
  if (appError.httpStatus >= 500 && appError.code !== 'service_unavailable')
    logger.error({ err: appError }, appError.message);
  context.trailer.set(ERROR_CODE_KEY, appError.code);
  const details = appError.details ?? appError.facts;
  if (details) context.trailer.set(ERROR_DETAILS_KEY, asciiJson(details));
  return new ServerError(errorCatalog[appError.code].grpc, appError.message);
}

/**
 * JSON in printable ASCII: a metadata value may hold nothing else, and a problem quoting the caller's input
 * (`No policy À in this tenant.`) made setting the trailer throw, so the call failed as UNKNOWN without its
 * details. Every other character is a `\uXXXX` escape, which JSON.parse reads back unchanged.
 */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
