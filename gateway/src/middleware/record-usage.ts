import type { RequestHandler } from 'express';
import { requestContextOf } from '../http/request-context';
import type { UsageRecorder } from '../usage/usage-recorder';
import { forAccess } from './for-access';

/** Partner routes: once the answer is sent, the call (key, client, route, status, latency) goes to usage. */
export function recordUsage(usage: UsageRecorder): RequestHandler {
  return forAccess('partner', (req, res, _access) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const { key, route } = requestContextOf(res);
      if (!key || !route) return; // No key known: nothing to attribute the call to.
      usage.record({
        at: new Date(),
        clientId: key.clientId,
        keyId: key.keyId,
        method: req.method,
        route: route.path,
        status: res.statusCode,
        latencyMs: Number(process.hrtime.bigint() - started) / 1e6,
      });
    });
  });
}
