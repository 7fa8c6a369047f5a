import { type Logger, withoutRedaction } from '@travel/logger';
import type { RequestHandler } from 'express';
import { requestContextOf } from '../http/request-context';

/**
 * One line per request when it finishes: request id, method, path, status, latency, and the client address
 * (the forwarded one behind a trusted proxy; absent for a request that ended before it was resolved).
 */
export function requestLog(logger: Logger): RequestHandler {
  const lines = withoutRedaction(logger);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      lines.info(
        {
          requestId: requestContextOf(res).requestId,
          clientAddress: requestContextOf(res).clientAddress,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      );
    });
    next();
  };
}
