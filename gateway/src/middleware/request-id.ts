import { newRequestId } from '@travel/events';
import type { Logger } from '@travel/logger';
import type { RequestHandler } from 'express';
import type { RequestLocals } from '../http/request-context';

/** A caller's id is echoed when it is 8 to 100 safe characters (docs/decisions/http-api.md, "Request ids"); otherwise we make one. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** First in the chain: every response, success or error, carries X-Request-Id; every log line too. */
export function requestId(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    // Ours carry the time they were made, which the request log finds a call by (@travel/events request-ids).
    const id = given && SAFE_REQUEST_ID.test(given) ? given : newRequestId();
    res.locals.requestId = id satisfies RequestLocals['requestId'];
    // The child logger is made only when something logs for this request (most requests log one line).
    let child: Logger | undefined;
    Object.defineProperty(res.locals, 'log', {
      get: (): RequestLocals['log'] => {
        child ??= logger.child({ requestId: id });
        return child;
      },
      enumerable: true,
    });
    res.setHeader('X-Request-Id', id);
    next();
  };
}
