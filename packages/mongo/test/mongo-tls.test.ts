import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFields, mongoFields } from '@travel/config';
import { makeThrowawayCa, type SecureStore, startSecureStore, type ThrowawayCa } from '@travel/local-deploy';
import { captureLogs, failedStarts, uniqueName } from '@travel/testkit';
import { createCounters, createMongo, driverOptionsOf, mongoOptionsOf } from '../src';

// MongoDB over TLS with credentials: stores (secantusd-rs, which speaks TLS and SCRAM) of this test's own, TLS
// only, `--auth`, a CA made for this run; the connection built from the MONGO_* variables a service's config.ts
// reads (the PEM files read by the config). Two stores: one that lets a client in with credentials alone (port
// 23094), one that requires a client certificate signed by the CA as well (mutual TLS, port 23096), so the
// certificate case fails when the certificate is not sent.

const PORT = 23094;
const MUTUAL_PORT = 23096;
const dir = mkdtempSync(join(tmpdir(), 'mongo-tls-'));
let ca: ThrowawayCa;
let store: SecureStore;
let mutualStore: SecureStore;

beforeAll(async () => {
  ca = makeThrowawayCa(dir);
  const mutualDir = join(dir, 'mutual');
  mkdirSync(mutualDir);
  [store, mutualStore] = await Promise.all([
    startSecureStore(dir, ca, PORT),
    startSecureStore(mutualDir, ca, MUTUAL_PORT, 'required'),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([store?.stop(), mutualStore?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** The store that requires a client certificate, with its own user. */
const onMutualStore = () => ({
  MONGO_URL: mutualStore.url,
  MONGO_USERNAME: mutualStore.username,
  MONGO_PASSWORD: mutualStore.password,
});

const settingsOf = (env: Record<string, string>) =>
  loadFields(mongoFields({ database: uniqueName('ct_tls') }), {
    MONGO_URL: store.url,
    MONGO_TLS_CA_FILE: ca.caFile,
    MONGO_USERNAME: store.username,
    MONGO_PASSWORD: store.password,
    MONGO_TIMEOUT_MS: '2000',
    ...env,
  });
const mongoWith = (env: Record<string, string> = {}, logger = captureLogs().logger) =>
  createMongo({ ...mongoOptionsOf(settingsOf(env)), logger });

describe('the MongoDB options built from the settings', () => {
  it('when a CA, a client certificate and credentials are set, then the driver gets TLS on, the PEM texts and the credentials', () => {
    const options = driverOptionsOf(
      mongoOptionsOf(settingsOf({ MONGO_TLS_CERT_KEY_FILE: ca.client.certKeyFile })),
    );
    const certKey = readFileSync(ca.client.certKeyFile, 'utf8');
    expect(options).toMatchObject({
      tls: true,
      ca: readFileSync(ca.caFile, 'utf8'),
      cert: certKey,
      key: certKey,
      auth: { username: store.username, password: store.password },
    });
  });

  it('when none is set, then the driver gets nothing beyond the URL (TLS and credentials as the URL says)', () => {
    const options = driverOptionsOf(
      mongoOptionsOf(settingsOf({ MONGO_TLS_CA_FILE: '', MONGO_USERNAME: '', MONGO_PASSWORD: '' })),
    );
    for (const key of ['tls', 'ca', 'cert', 'key', 'auth']) expect(options).not.toHaveProperty(key);
  });
});

describe.each([
  ['the credentials in MONGO_USERNAME/MONGO_PASSWORD', () => ({})],
  [
    'the credentials in the URL',
    () => ({
      MONGO_URL: `mongodb://${store.username}:${store.password}@127.0.0.1:${PORT}/?authSource=admin`,
      MONGO_USERNAME: '',
      MONGO_PASSWORD: '',
    }),
  ],
  [
    'a client certificate as well, on a store that requires one',
    () => ({ ...onMutualStore(), MONGO_TLS_CERT_KEY_FILE: ca.client.certKeyFile }),
  ],
])('a service store connection over TLS with %s', (_label, env) => {
  it('when it starts, then writes and reads go through', async () => {
    const mongo = mongoWith(env());
    await mongo.start();
    try {
      const counters = createCounters(mongo.connection);
      expect([await counters.next('tls'), await counters.next('tls')]).toEqual([1, 2]);
      expect(await mongo.ping()).toBe(true);
      await mongo.connection.dropDatabase();
    } finally {
      await mongo.stop();
    }
  });
});

describe('a service store connection start-up with a wrong setting', () => {
  it('when the password is wrong, then start-up fails naming MONGO_USERNAME/MONGO_PASSWORD, keeps retrying, and logs no password', async () => {
    const wrong = 'not-the-password-4711';
    const logs = captureLogs();
    const { warnings, logText } = await failedStarts(mongoWith({ MONGO_PASSWORD: wrong }, logs.logger));
    expect(warnings).toEqual(
      Array(2).fill(
        'MongoDB authentication failed: check MONGO_USERNAME/MONGO_PASSWORD (or the credentials in MONGO_URL); retrying',
      ),
    );
    for (const text of [logText, logs.text()]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain(store.password);
    }
  });

  it('when a store that requires a client certificate gets none, then start-up fails naming MONGO_TLS_CERT_KEY_FILE and keeps retrying', async () => {
    const { warnings } = await failedStarts(mongoWith(onMutualStore()));
    expect(warnings).toEqual(
      Array(2).fill('TLS: MongoDB refused our client certificate: check MONGO_TLS_CERT_KEY_FILE; retrying'),
    );
  });

  it('when the CA is not the one that signed the store, then start-up fails naming MONGO_TLS_CA_FILE and keeps retrying', async () => {
    const { warnings } = await failedStarts(mongoWith({ MONGO_TLS_CA_FILE: ca.wrongCaFile }));
    expect(warnings).toEqual(
      Array(2).fill("TLS: MongoDB's certificate not trusted: check MONGO_TLS_CA_FILE; retrying"),
    );
  });
});
