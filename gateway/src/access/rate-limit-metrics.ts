import { counter } from '@travel/metrics';
import type { RateLimits } from './rate-limits';

/**
 * The name of the limit a window key belongs to, never the key itself (it holds key ids, addresses and
 * emails). Keys are made in the middleware and routes that consume: `public:<route limit name>:<address>`,
 * `sign-in:<address>:<email>`, `customer-sign-in:address|email:<...>`, and a partner key's id.
 */
export function limitNameOf(keyId: string): string {
  if (keyId.startsWith('public:')) return keyId.split(':')[1] || 'public';
  if (keyId.startsWith('sign-in:')) return 'staff-sign-in';
  if (keyId.startsWith('customer-sign-in:address:')) return 'customer-sign-in-address';
  if (keyId.startsWith('customer-sign-in:email:')) return 'customer-sign-in-email';
  return 'partner-key';
}

/** The rate limits with every refusal counted by the limit's name (`gateway_rate_limit_refusals_total`). */
export function countRefusals(limits: RateLimits): RateLimits {
  const refusals = counter('gateway_rate_limit_refusals_total', 'Requests refused by a rate limit (429).', [
    'limit',
  ]);
  return {
    async consume(keyId, limit) {
      const decision = await limits.consume(keyId, limit);
      if (!decision.allowed) refusals.inc({ limit: limitNameOf(keyId) });
      return decision;
    },
  };
}
