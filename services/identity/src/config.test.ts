import { ConfigError } from '@travel/config';
import { DEMO_ADMIN_PASSWORD, readConfig } from './config';

/** Every process names its certificate's folder (docs/caller-trust.md); not read while the config is. */
const TLS = { GRPC_TLS_DIR: '/etc/partner-travel/grpc-tls' };

describe('identity config', () => {
  it('when nothing is set outside production, then the demo administrator and token defaults apply', () => {
    expect(readConfig(TLS)).toMatchObject({
      ADMIN_EMAIL: 'admin@partner-travel.local',
      ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD,
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_SECONDS: 2_592_000,
      ACCESS_TOKEN_ISSUER: 'partner-travel-identity',
      ACCESS_TOKEN_AUDIENCE: 'partner-travel-admin',
      PASSWORD_SCRYPT_LOG_N: 17,
      PASSWORD_HASHES_AT_ONCE: 2,
    });
  });

  it('when production asks for a password cost under 2^17, then the start fails naming it', () => {
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-real-secret-9' };
    expect(() => readConfig({ ...TLS, ...production, PASSWORD_SCRYPT_LOG_N: '14' })).toThrow(
      /PASSWORD_SCRYPT_LOG_N/,
    );
    expect(readConfig({ ...TLS, PASSWORD_SCRYPT_LOG_N: '14' }).PASSWORD_SCRYPT_LOG_N).toBe(14);
  });

  it('when production has no ADMIN_PASSWORD, then the start fails naming it', () => {
    expect(() => readConfig({ ...TLS, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readConfig({ ...TLS, NODE_ENV: 'production' })).toThrow(
      /ADMIN_PASSWORD: Required in production/,
    );
    const sealing = { SEALING_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}` };
    expect(
      readConfig({ ...TLS, NODE_ENV: 'production', ADMIN_PASSWORD: 'a-real-secret-9', ...sealing })
        .ADMIN_PASSWORD,
    ).toBe('a-real-secret-9');
  });

  it('when ADMIN_PASSWORD breaks the password rule, then the start fails naming it', () => {
    expect(() => readConfig({ ...TLS, ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });
});
