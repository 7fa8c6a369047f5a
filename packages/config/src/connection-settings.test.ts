import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, kafkaFields, loadFields, mongoFields, redisFields } from './index';

const dir = mkdtempSync(join(tmpdir(), 'config-pem-'));
const pem = join(dir, 'ca.pem');
writeFileSync(pem, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
const notPem = join(dir, 'ca.txt');
writeFileSync(notPem, 'not a certificate');

const fields = { ...kafkaFields, ...redisFields, ...mongoFields({ database: 'travel_test' }) };

/** The problems' variable names (and messages), or [] when the environment is accepted. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadFields(fields, env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

describe('TLS and credential settings', () => {
  it('when nothing is set, then Kafka is plaintext without SASL and no file is read', () => {
    const config = loadFields(fields, {});
    expect(config).toMatchObject({
      KAFKA_SSL: false,
      KAFKA_SASL_MECHANISM: '',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.KAFKA_SSL_CA_FILE).toBeUndefined();
    expect(config.MONGO_TLS_CA_FILE).toBeUndefined();
  });

  it('when a PEM file is named, then the setting holds its text, read at start', () => {
    const config = loadFields(fields, { KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: pem, MONGO_TLS_CA_FILE: pem });
    expect(config.KAFKA_SSL_CA_FILE).toContain('BEGIN CERTIFICATE');
    expect(config.MONGO_TLS_CA_FILE).toContain('BEGIN CERTIFICATE');
  });

  it('when a file is missing or holds no PEM, then the config error names the setting and the path', () => {
    expect(problemsOf({ KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: join(dir, 'missing.pem') })).toEqual([
      `KAFKA_SSL_CA_FILE: cannot read ${join(dir, 'missing.pem')} (ENOENT)`,
    ]);
    expect(problemsOf({ MONGO_TLS_CERT_KEY_FILE: notPem })).toEqual([
      `MONGO_TLS_CERT_KEY_FILE: ${notPem} holds no PEM block (-----BEGIN …)`,
    ]);
  });

  it('when settings do not combine, then every problem is listed with the variable to fix', () => {
    expect(
      problemsOf({
        KAFKA_SSL_CA_FILE: pem,
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'travel',
        REDIS_TLS_CA_FILE: pem,
        REDIS_USERNAME: 'gateway',
        MONGO_USERNAME: 'travel',
      }),
    ).toEqual([
      'KAFKA_SSL_CA_FILE: needs KAFKA_SSL=true',
      'KAFKA_SASL_PASSWORD: required with KAFKA_SASL_MECHANISM',
      'REDIS_TLS_CA_FILE: needs a rediss:// REDIS_URL',
      'REDIS_PASSWORD: required with REDIS_USERNAME',
      'MONGO_PASSWORD: required with MONGO_USERNAME',
    ]);
    expect(problemsOf({ KAFKA_SASL_USERNAME: 'travel', KAFKA_SASL_PASSWORD: 'x' })).toEqual([
      'KAFKA_SASL_MECHANISM: required with KAFKA_SASL_USERNAME/KAFKA_SASL_PASSWORD',
    ]);
    expect(problemsOf({ KAFKA_SSL: 'true', KAFKA_SSL_CERT_FILE: pem })).toEqual([
      'KAFKA_SSL_KEY_FILE: required with KAFKA_SSL_CERT_FILE',
    ]);
    expect(problemsOf({ KAFKA_SASL_MECHANISM: 'gssapi' })[0]).toMatch(/^KAFKA_SASL_MECHANISM: /);
  });

  it('when credentials are both in the URL and beside it, then one place is asked for', () => {
    expect(problemsOf({ REDIS_URL: 'rediss://u:p@redis:6380', REDIS_PASSWORD: 'p' })).toEqual([
      'REDIS_PASSWORD: REDIS_URL has credentials too; give them in one place',
    ]);
    expect(
      problemsOf({ MONGO_URL: 'mongodb://u:p@mongo:27017', MONGO_USERNAME: 'u', MONGO_PASSWORD: 'p' }),
    ).toEqual(['MONGO_USERNAME: MONGO_URL has credentials too; give them in one place']);
  });
});
