import type { RequestHandler } from 'express';
import { requestContextOf } from '../http/request-context';

/** One line per request when it finishes: method, path, status, latency. */
export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      requestContextOf(res).log.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    });
    next();
  };
}
