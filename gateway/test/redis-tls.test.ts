import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeThrowawayCa, type SecureRedis, startSecureRedis, type ThrowawayCa } from '@travel/local-deploy';
import { captureLogs, failedStarts, gatewayTlsEnv, uniqueName } from '@travel/testkit';
import { createRateLimits } from '../src/access/rate-limits';
import { createRedis, redisConnectionOf } from '../src/clients/redis';
import { readConfig } from '../src/config';

// The gateway's Redis over TLS with an ACL user: redis-servers of this test's own (TLS only, the `default` user
// off), a CA made for this run, and the client built from the gateway's own config. The user has the least rights
// docs/deploy.md advises: keys under the rate-limit prefix, every command but the dangerous ones. Two servers:
// one that lets a client in with the ACL user alone (port 23093), one that requires a client certificate signed
// by the CA as well (mutual TLS, port 23095), so the certificate case fails when the certificate is not sent.

const PORT = 23093;
const MUTUAL_PORT = 23095;
const dir = mkdtempSync(join(tmpdir(), 'redis-tls-'));
const leastRights = ['~ct:*', '+@all', '-@dangerous'];
let ca: ThrowawayCa;
let redis: SecureRedis;
let mutualRedis: SecureRedis;

beforeAll(async () => {
  ca = makeThrowawayCa(dir);
  const mutualDir = join(dir, 'mutual');
  mkdirSync(mutualDir);
  [redis, mutualRedis] = await Promise.all([
    startSecureRedis(dir, ca, PORT, { aclRules: leastRights }),
    startSecureRedis(mutualDir, ca, MUTUAL_PORT, { aclRules: leastRights, clientCertificates: 'required' }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([redis?.stop(), mutualRedis?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** The server that requires a client certificate, with its own ACL user. */
const onMutualRedis = () => ({
  REDIS_URL: mutualRedis.url,
  REDIS_USERNAME: mutualRedis.username,
  REDIS_PASSWORD: mutualRedis.password,
});
const clientCertificate = () => ({
  REDIS_TLS_CERT_FILE: ca.client.certFile,
  REDIS_TLS_KEY_FILE: ca.client.keyFile,
});

const settings = (env: Record<string, string>) => ({
  ...gatewayTlsEnv(),
  REDIS_URL: redis.url,
  REDIS_TLS_CA_FILE: ca.caFile,
  REDIS_USERNAME: redis.username,
  REDIS_PASSWORD: redis.password,
  ...env,
});
const gatewayRedis = (env: Record<string, string> = {}, logger = captureLogs().logger) =>
  createRedis(redisConnectionOf(readConfig(settings(env))), logger);

describe.each([
  ['the ACL user in REDIS_USERNAME/REDIS_PASSWORD', () => ({})],
  [
    'the ACL user in the rediss:// URL',
    () => ({
      REDIS_URL: `rediss://${redis.username}:${redis.password}@127.0.0.1:${PORT}`,
      REDIS_USERNAME: '',
      REDIS_PASSWORD: '',
    }),
  ],
  [
    'a client certificate as well, on a server that requires one',
    () => ({ ...onMutualRedis(), ...clientCertificate() }),
  ],
])('the gateway Redis over TLS with %s', (_label, env) => {
  it('when the rate limits count calls, then the window lives in Redis and admits exactly its limit', async () => {
    const handle = gatewayRedis(env());
    await handle.start();
    try {
      expect(await handle.ping()).toBe(true);
      const prefix = uniqueName('ct:rl-tls');
      const limits = createRateLimits(handle.client, { prefix });
      const limit = { limit: 3, windowSeconds: 60 };
      const decisions = [];
      for (let call = 0; call < 4; call += 1) decisions.push(await limits.consume('key_tls', limit));
      expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
        [true, 2],
        [true, 1],
        [true, 0],
        [false, 0],
      ]);
      // Counted by Redis itself, not by the in-memory window that stands in when Redis does not answer.
      expect(Number(await handle.client.get(`${prefix}:3:60:key_tls`))).toBeGreaterThanOrEqual(3);
    } finally {
      await handle.stop();
    }
  });
});

describe('the gateway Redis start-up with a wrong setting', () => {
  it('when the password is wrong, then start-up fails naming REDIS_USERNAME/REDIS_PASSWORD, keeps retrying, and logs no password', async () => {
    const wrong = 'not-the-password-4711';
    const logs = captureLogs();
    const { warnings, logText } = await failedStarts(gatewayRedis({ REDIS_PASSWORD: wrong }, logs.logger));
    expect(warnings).toEqual(
      Array(2).fill(
        'Redis authentication failed: check REDIS_USERNAME/REDIS_PASSWORD (or the credentials in REDIS_URL); retrying',
      ),
    );
    for (const text of [logText, logs.text()]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain(redis.password);
    }
  });

  it('when a server that requires a client certificate gets none, then start-up fails naming REDIS_TLS_CERT_FILE/REDIS_TLS_KEY_FILE and keeps retrying', async () => {
    const { warnings } = await failedStarts(gatewayRedis(onMutualRedis()));
    expect(warnings).toEqual(
      Array(2).fill(
        'TLS: Redis refused our client certificate: check REDIS_TLS_CERT_FILE/REDIS_TLS_KEY_FILE; retrying',
      ),
    );
  });

  it('when the CA is not the one that signed the server, then start-up fails naming REDIS_TLS_CA_FILE and keeps retrying', async () => {
    const { warnings } = await failedStarts(gatewayRedis({ REDIS_TLS_CA_FILE: ca.wrongCaFile }));
    expect(warnings).toEqual(
      Array(2).fill("TLS: Redis's certificate not trusted: check REDIS_TLS_CA_FILE; retrying"),
    );
  });
});
