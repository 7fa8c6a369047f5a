import type { RequestHandler } from 'express';
import type { AccessDirectory } from '../access/access-directory';
import type { RateLimits } from '../access/rate-limits';
import { partnerKeyOf } from '../http/request-context';
import { forAccess } from './for-access';
import { applyRateDecision } from './rate-limit-headers';

/** Partner routes, step 5: the key's limit (or the platform default), with the RateLimit-* headers on every answer. */
export function rateLimit(limits: RateLimits, directory: AccessDirectory): RequestHandler {
  return forAccess('partner', async (_req, res) => {
    const key = partnerKeyOf(res);
    const limit = key.rateLimit ?? (await directory.settings()).defaultRateLimit;
    const decision = await limits.consume(key.keyId, limit);
    applyRateDecision(
      res,
      decision,
      `Rate limit of ${decision.limit} requests per ${limit.windowSeconds} s exceeded`,
    );
  });
}
