import { AppError } from '@travel/errors';
import { counter } from '@travel/metrics';
import type { RequestHandler } from 'express';
import type { KeyFailures } from '../access/key-failures';
import { requestContextOf } from '../http/request-context';
import { forAccess } from './for-access';

/**
 * Partner routes, before the key is read: an address whose keys failed `KEY_FAILURES_PER_ADDRESS` times
 * in the window is `429 rate_limited` with `Retry-After`, whatever key it sends now, so a stream of made-up
 * keys costs identity no lookups (authenticate-key.ts counts the failures).
 */
export function keyFailureLimit(failures: KeyFailures): RequestHandler {
  const refusals = counter('gateway_rate_limit_refusals_total', 'Requests refused by a rate limit (429).', [
    'limit',
  ]);
  return forAccess('partner', async (_req, res) => {
    const standing = await failures.standing(requestContextOf(res).clientAddress ?? '');
    if (!standing.blocked) return;
    refusals.inc({ limit: 'key-failures' });
    res.setHeader('Retry-After', String(standing.retryAfterSeconds));
    throw new AppError(
      'rate_limited',
      `Too many failed API key attempts from your address; retry in ${standing.retryAfterSeconds} s.`,
    );
  });
}
