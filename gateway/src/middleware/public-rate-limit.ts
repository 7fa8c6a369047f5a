import type { RequestHandler } from 'express';
import type { RateLimits } from '../access/rate-limits';
import { requestContextOf } from '../http/request-context';
import { forAccess } from './for-access';
import { applyRateDecision } from './rate-limit-headers';

/** Public routes with a `limit`: one window per route name and client address, shared in Redis. */
export function publicRateLimit(limits: RateLimits): RequestHandler {
  return forAccess('public', async (_req, res, access) => {
    if (!access.limit) return;
    const { name, limit, windowSeconds } = access.limit;
    const address = requestContextOf(res).clientAddress ?? '';
    const decision = await limits.consume(`public:${name}:${address}`, { limit, windowSeconds });
    applyRateDecision(res, decision, `Too many requests from your address to this route`);
  });
}
