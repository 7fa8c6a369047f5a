import { readConfig } from './config';

describe('gateway config', () => {
  it('when nothing is set, then a replica reserves 1 % of a rate-limit window and waits 250 ms for Redis', () => {
    const config = readConfig({});
    expect([config.RATE_LIMIT_SHARE_PERCENT, config.REDIS_WAIT_MS]).toEqual([1, 250]);
  });

  it('when the share is a fraction of a percent, then it is kept; zero or over 100, then the config is refused', () => {
    expect(readConfig({ RATE_LIMIT_SHARE_PERCENT: '0.001' }).RATE_LIMIT_SHARE_PERCENT).toBe(0.001);
    expect(() => readConfig({ RATE_LIMIT_SHARE_PERCENT: '0' })).toThrow(/RATE_LIMIT_SHARE_PERCENT/);
    expect(() => readConfig({ RATE_LIMIT_SHARE_PERCENT: '150' })).toThrow(/RATE_LIMIT_SHARE_PERCENT/);
  });
});
