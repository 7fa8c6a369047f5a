import type { Request, RequestHandler, Response } from 'express';
import { requestContextOf } from '../http/request-context';
import { boundedEnvelope, REQUEST_LOG_LIMITS, type RequestLogRecorder } from '../usage/request-log-recorder';
import type { UsageRecorder } from '../usage/usage-recorder';
import { forAccess } from './for-access';

/**
 * Partner routes: once the answer is sent, the call (key, client, route, status, latency) goes to usage and,
 * unless the request log is off (`REQUEST_LOG_ENABLED=false`), to the request log with its request id, path,
 * client address, idempotency key and, for a failed call, the error envelope it answered. Nothing is awaited.
 */
export function recordUsage(usage: UsageRecorder, requestLog?: RequestLogRecorder): RequestHandler {
  return forAccess('partner', (req, res, _access) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const { key, route } = requestContextOf(res);
      if (!key || !route) return; // No key known: nothing to attribute the call to.
      const at = new Date();
      const latencyMs = Number(process.hrtime.bigint() - started) / 1e6;
      const call = {
        clientId: key.clientId,
        keyId: key.keyId,
        method: req.method,
        route: route.path,
        status: res.statusCode,
        latencyMs,
      };
      usage.record({ at, ...call });
      requestLog?.record({ at, ...call, ...loggedDetails(req, res), tenantId: key.tenantId ?? '' });
    });
  });
}

/** What the request log adds to usage's facts: never a header but the idempotency key, never a query or a body. */
function loggedDetails(req: Request, res: Response) {
  const { requestId, clientAddress, errorBody, key } = requestContextOf(res);
  const url = req.originalUrl;
  const query = url.indexOf('?');
  return {
    requestId,
    environment: key?.environment ?? '',
    path: (query < 0 ? url : url.slice(0, query)).slice(0, REQUEST_LOG_LIMITS.path),
    clientAddress: clientAddress ?? '',
    idempotencyKey: (req.get('idempotency-key') ?? '').slice(0, REQUEST_LOG_LIMITS.idempotencyKey),
    errorEnvelope: res.statusCode >= 400 && errorBody !== undefined ? boundedEnvelope(errorBody) : '',
  };
}
