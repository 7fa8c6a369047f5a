import { documented } from '@travel/testkit';
import { readConfig } from './config';

/** Every process names its certificate's folder (docs/caller-trust.md); not read while the config is. */
const TLS = { GRPC_TLS_DIR: '/etc/partner-travel/grpc-tls' };

describe('webhook config', () => {
  it('when nothing is set, then the documented schedule: 1 min, 5 min, 30 min, 2 h, 12 h, a 5 s timeout, 10 endpoints', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 12 hours, then the delivery is marked failed',
    );
    documented(
      'docs/webhooks.md',
      'the retry schedule (1 minute, 5 minutes, 30 minutes, 2 hours, 12 hours, then `failed`)',
    );
    const config = readConfig(TLS);
    expect(config.WEBHOOK_RETRY_DELAYS).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
    expect([config.WEBHOOK_TIMEOUT_MS, config.WEBHOOK_ENDPOINTS_PER_CLIENT]).toEqual([5000, 10]);
  });

  // The numbers the partner documents give; the behaviour itself is proven with short settings in the component
  // tests (circuit-breakers, endpoint-isolation, auto-disable, events-feed), which these defaults make the real one.
  it('when nothing is set, then the documented breaker (5 failures, 3 timeouts, 30 s doubled up to 10 min), 4 places an endpoint, a 30-day feed and a 5-day disable', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'After 5 failed attempts in a row, or 3 in a row without an answer within 5 seconds, it opens',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'a failed probe holds them twice as long each time, up to 10 minutes',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'at most 4 deliveries to one endpoint are in flight at once per sending process',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'An endpoint whose every delivery has failed for 5 days is disabled',
    );
    const config = readConfig(TLS);
    expect({
      failures: config.WEBHOOK_BREAKER_FAILURES,
      timeouts: config.WEBHOOK_BREAKER_TIMEOUTS,
      openMs: config.WEBHOOK_BREAKER_OPEN_MS,
      maxOpenMs: config.WEBHOOK_BREAKER_MAX_OPEN_MS,
      perEndpoint: config.WEBHOOK_ENDPOINT_CONCURRENCY,
      feedDays: config.WEBHOOK_EVENT_FEED_DAYS,
      disableAfterMs: config.WEBHOOK_AUTO_DISABLE_AFTER,
    }).toEqual({
      failures: 5,
      timeouts: 3,
      openMs: 30_000,
      maxOpenMs: 600_000,
      perEndpoint: 4,
      feedDays: 30,
      disableAfterMs: 5 * 86_400_000,
    });
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
