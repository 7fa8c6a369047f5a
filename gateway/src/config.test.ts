import { documented } from '@travel/testkit';
import { readConfig } from './config';

/** The gateway's two certificate folders (docs/caller-trust.md); not read while the config is. */
const TLS = {
  GRPC_TLS_DIR: '/etc/partner-travel/grpc-tls',
  PAYMENT_WEBHOOKS_TLS_DIR: '/etc/partner-travel/payment-webhooks-tls',
};

describe('gateway config', () => {
  it('when nothing is set, then a replica reserves 1 % of a rate-limit window and waits 250 ms for Redis', () => {
    const config = readConfig(TLS);
    expect([config.RATE_LIMIT_SHARE_PERCENT, config.REDIS_WAIT_MS]).toEqual([1, 250]);
  });

  it('when the share is a fraction of a percent, then it is kept; zero or over 100, then the config is refused', () => {
    expect(readConfig({ ...TLS, RATE_LIMIT_SHARE_PERCENT: '0.001' }).RATE_LIMIT_SHARE_PERCENT).toBe(0.001);
    expect(() => readConfig({ ...TLS, RATE_LIMIT_SHARE_PERCENT: '0' })).toThrow(/RATE_LIMIT_SHARE_PERCENT/);
    expect(() => readConfig({ ...TLS, RATE_LIMIT_SHARE_PERCENT: '150' })).toThrow(/RATE_LIMIT_SHARE_PERCENT/);
  });

  it('when nothing is set, then no origin may call from a browser, HSTS is off and 20 failed keys per 5 minutes are allowed', () => {
    const config = readConfig(TLS);
    expect(config.CORS_ALLOWED_ORIGINS).toEqual([]);
    expect(config.PUBLIC_TLS).toBe(false);
    documented(
      'gateway/openapi/partner.texts.yaml',
      'a client address that sent 20 refused keys (malformed, unknown, revoked or expired) within 5 minutes',
    );
    expect([config.KEY_FAILURES_PER_ADDRESS, config.KEY_FAILURE_WINDOW_SECONDS]).toEqual([20, 300]);
  });

  it("when nothing is set, then a platform member's views of one tenant are audited once per 15 minutes; zero is refused", () => {
    documented('docs/access.md', '`TENANT_VIEW_AUDIT_WINDOW_SECONDS` (gateway, default 900: 15 minutes)');
    expect(readConfig(TLS).TENANT_VIEW_AUDIT_WINDOW_SECONDS).toBe(900);
    expect(() => readConfig({ ...TLS, TENANT_VIEW_AUDIT_WINDOW_SECONDS: '0' })).toThrow(
      /TENANT_VIEW_AUDIT_WINDOW_SECONDS/,
    );
  });

  it('when CORS origins are listed, then exact origins are kept and anything else refuses the config', () => {
    const origins = 'https://shop.example.com, http://127.0.0.1:5173';
    expect(readConfig({ ...TLS, CORS_ALLOWED_ORIGINS: origins }).CORS_ALLOWED_ORIGINS).toEqual([
      'https://shop.example.com',
      'http://127.0.0.1:5173',
    ]);
    for (const bad of ['*', 'https://shop.example.com/', 'shop.example.com', 'https://shop.example.com/path'])
      expect(() => readConfig({ ...TLS, CORS_ALLOWED_ORIGINS: bad })).toThrow(/CORS_ALLOWED_ORIGINS/);
  });
});
