import { readConfig } from './config';

/** Every process names its certificate's folder (docs/caller-trust.md); not read while the config is. */
const TLS = { GRPC_TLS_DIR: '/etc/partner-travel/grpc-tls' };

describe('webhook config', () => {
  it('when nothing is set, then the documented schedule: 1 min, 5 min, 30 min, 2 h, 12 h, a 5 s timeout, 10 endpoints', () => {
    const config = readConfig(TLS);
    expect(config.WEBHOOK_RETRY_DELAYS).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
    expect([config.WEBHOOK_TIMEOUT_MS, config.WEBHOOK_ENDPOINTS_PER_CLIENT]).toEqual([5000, 10]);
  });

  it('when delays are given with units, then they are read as milliseconds', () => {
    expect(readConfig({ ...TLS, WEBHOOK_RETRY_DELAYS: '500ms, 2s,1m,1h,250' }).WEBHOOK_RETRY_DELAYS).toEqual([
      500, 2000, 60_000, 3_600_000, 250,
    ]);
  });

  it('when a delay is not a duration, then the config is refused', () => {
    expect(() => readConfig({ ...TLS, WEBHOOK_RETRY_DELAYS: '1m,soon' })).toThrow(/WEBHOOK_RETRY_DELAYS/);
  });
});
