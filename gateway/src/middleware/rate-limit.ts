import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import type { AccessDirectory } from '../access/access-directory';
import type { RateLimits } from '../access/rate-limits';
import { partnerKeyOf } from '../http/request-context';
import { forAccess } from './for-access';

/** Partner routes, step 5: the key's limit (or the platform default), with the RateLimit-* headers on every answer. */
export function rateLimit(limits: RateLimits, directory: AccessDirectory): RequestHandler {
  return forAccess('partner', async (_req, res) => {
    const key = partnerKeyOf(res);
    const limit = key.rateLimit ?? (await directory.settings()).defaultRateLimit;
    const decision = await limits.consume(key.keyId, limit);
    res.setHeader('RateLimit-Limit', String(decision.limit));
    res.setHeader('RateLimit-Remaining', String(decision.remaining));
    res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(decision.resetSeconds));
      throw new AppError(
        'rate_limited',
        `Rate limit of ${decision.limit} requests per ${limit.windowSeconds} s exceeded; retry in ${decision.resetSeconds} s.`,
      );
    }
  });
}
