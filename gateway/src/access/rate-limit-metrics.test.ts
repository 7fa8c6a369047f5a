import { metricValue } from '@travel/metrics';
import { countRefusals, limitNameOf } from './rate-limit-metrics';
import type { RateLimits } from './rate-limits';

describe('rate-limit refusal metrics', () => {
  it('when a window key is named, then only the limit name is kept, never an address, email or key id', () => {
    expect(limitNameOf('public:storefront-search:203.0.113.9')).toBe('storefront-search');
    expect(limitNameOf('sign-in:203.0.113.9:a@example.com')).toBe('staff-sign-in');
    expect(limitNameOf('customer-sign-in:address:203.0.113.9')).toBe('customer-sign-in-address');
    expect(limitNameOf('customer-sign-in:email:a@example.com')).toBe('customer-sign-in-email');
    expect(limitNameOf('key_01HZX')).toBe('partner-key');
  });

  it('when a limit refuses, then the refusal counts under its name; an allowed call does not count', async () => {
    let allowed = true;
    const limits: RateLimits = {
      consume: async (_keyId, { limit }) => ({ allowed, limit, remaining: 0, resetSeconds: 1 }),
    };
    const counted = countRefusals(limits);
    const value = () => metricValue('gateway_rate_limit_refusals_total', { limit: 'voucher-apply' });
    const before = await value();
    await counted.consume('public:voucher-apply:198.51.100.1', { limit: 1, windowSeconds: 60 });
    allowed = false;
    const decision = await counted.consume('public:voucher-apply:198.51.100.1', {
      limit: 1,
      windowSeconds: 60,
    });
    expect(decision.allowed).toBe(false);
    expect(await value()).toBe(before + 1);
  });
});
