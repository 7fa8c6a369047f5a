import { randomBytes } from 'node:crypto';
import type { Logger } from '@travel/logger';
import type { RequestHandler } from 'express';
import type { RequestLocals } from '../http/request-context';

/** A caller's id is echoed when it is 8 to 100 safe characters (decisions.md); otherwise we make one. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

export function newRequestId(): string {
  return `req_${randomBytes(12).toString('base64url')}`;
}

/** First in the chain: every response, success or error, carries X-Request-Id; every log line too. */
export function requestId(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const id = given && SAFE_REQUEST_ID.test(given) ? given : newRequestId();
    const locals: RequestLocals = { requestId: id, log: logger.child({ requestId: id }) };
    Object.assign(res.locals, locals);
    res.setHeader('X-Request-Id', id);
    next();
  };
}
