import { randomBytes } from 'node:crypto';
import { sealingKeysOf } from '@travel/config';
import { customers } from '@travel/contracts';
import { createSealer } from '@travel/sealing';
import { createServiceClient, customerCaller, peerTlsEnv, uniqueName, waitFor } from '@travel/testkit';
import { decodeProtectedHeader } from 'jose';
import mongoose from 'mongoose';
import { readConfig } from '../src/config';
import { createCustomerRepository } from '../src/db/customer.repository';
import { createSigningKeyRepository } from '../src/db/signing-key.repository';
import { createRotateSigningKey } from '../src/domain/access-tokens/rotate-signing-key';
import { newSigningKey } from '../src/domain/access-tokens/signing-key-ring';
import { maskPassport } from '../src/domain/customers/customer';
import { ADMIN, type IdentityUnderTest, identityConfig, login, startIdentity } from './staff.fixture';

// Issue 30: the token signing keys and travellers' document fields are sealed in identity's database; the
// test reads the raw documents with the MongoDB driver, as anyone holding a backup would.
const key = () => randomBytes(32).toString('base64');
const OLD = `k1:${key()}`;
const NEW = `k2:${key()}`;
const config = identityConfig({ SEALING_KEYS: OLD, SIGNING_KEY_ACTIVATION_SECONDS: '1' });
let identity: IdentityUnderTest;
let raw: mongoose.mongo.MongoClient;
const collection = (name: string) => raw.db(config.MONGO_DATABASE).collection(name);
const PASSPORT = 'Z9876543';

beforeAll(async () => {
  identity = await startIdentity(config);
  raw = await new mongoose.mongo.MongoClient(config.MONGO_URL).connect();
});
afterAll(async () => {
  await raw?.close();
  await identity?.stop();
});

const customerClient = () =>
  createServiceClient(customers.CustomerServiceDefinition, identity.service.address, { deadlineMs: 10_000 });

async function travellerOfNewCustomer() {
  const client = customerClient();
  const { tokens } = await client.registerCustomer({
    email: `${uniqueName('sealed')}@shopper.example`,
    password: 'storefront-2026',
    fullName: 'Asha Rao',
    ip: '198.51.100.4',
    userAgent: 'jest',
    requestId: uniqueName('req'),
  });
  const customerId = tokens?.customer?.id ?? '';
  const { traveller } = await client.addTraveller({
    caller: customerCaller(customerId),
    firstName: 'Asha',
    lastName: 'Rao',
    dateOfBirth: '1990-04-12',
    passportNumber: PASSPORT.toLowerCase(),
  });
  return { client, customerId, travellerId: traveller?.id ?? '' };
}

describe('identity data at rest', () => {
  it('when a traveller with a passport is saved and the signing keys exist, then neither is in clear in the store, and both still work', async () => {
    const { client, customerId } = await travellerOfNewCustomer();
    const stored = await collection('customers').findOne({ _id: customerId as never });
    const text = JSON.stringify(stored);
    expect(text).not.toContain(PASSPORT);
    expect(text).not.toContain('1990-04-12');
    expect(stored?.travellers[0]).toMatchObject({
      firstName: 'Asha',
      passportNumber: expect.stringMatching(/^sealed:v1:k1:/),
      dateOfBirth: expect.stringMatching(/^sealed:v1:k1:/),
    });
    expect((await client.listTravellers({ caller: customerCaller(customerId) })).travellers[0]).toMatchObject(
      {
        passportNumberMasked: maskPassport(PASSPORT),
        dateOfBirth: '1990-04-12',
      },
    );

    await login(identity, ADMIN.email, ADMIN.password);
    const keys = await collection('signing_keys').find().toArray();
    expect(keys.length).toBeGreaterThan(0);
    for (const doc of keys) {
      expect(doc.privateKeyPem).toMatch(/^sealed:v1:k1:/);
      expect(JSON.stringify(doc)).not.toContain('PRIVATE KEY');
    }
  });

  it('when a passport number sealed for one traveller is copied onto another, then reading it fails loudly', async () => {
    const first = await travellerOfNewCustomer();
    const second = await travellerOfNewCustomer();
    const source = await collection('customers').findOne({ _id: first.customerId as never });
    await collection('customers').updateOne(
      { _id: second.customerId as never },
      { $set: { 'travellers.0.passportNumber': source?.travellers[0].passportNumber } },
    );
    await expect(
      second.client.listTravellers({ caller: customerCaller(second.customerId) }),
    ).rejects.toThrow();
    await collection('customers').deleteOne({ _id: second.customerId as never });
  });
});

const openerOf = (keys: string) =>
  createSealer(sealingKeysOf(readConfig({ ...envOf(config), SEALING_KEYS: keys, SEALING_ACTIVE_KEY: '' })));
/** A second connection to identity's database, as the reseal and rotate commands open. */
async function withConnection<T>(work: (connection: mongoose.Connection) => Promise<T>): Promise<T> {
  const connection = await mongoose
    .createConnection(config.MONGO_URL, { dbName: config.MONGO_DATABASE })
    .asPromise();
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}
const envOf = (c: typeof config) => ({
  MONGO_URL: c.MONGO_URL,
  MONGO_DATABASE: c.MONGO_DATABASE,
  KAFKA_BROKERS: c.KAFKA_BROKERS.join(','),
  ...peerTlsEnv('identity'),
});

describe('signing key rotation', () => {
  it('when a key is rotated, then it is published at once, signs after its activation, and the old key stays published (staff and customer)', async () => {
    const before = await login(identity, ADMIN.email, ADMIN.password);
    const oldKid = decodeProtectedHeader(before.accessToken).kid;
    const rotated = await withConnection((connection) =>
      createRotateSigningKey({
        keys: createSigningKeyRepository(connection, openerOf(OLD)),
        tokenTtlSeconds: 900,
        activationDelaySeconds: 1,
        now: () => new Date(),
      })(),
    );
    const published = async () =>
      (await identity.staff.getAccessTokenKeys({})).jwks.map((jwk) => JSON.parse(jwk).kid);
    // Published within the ring's one-second refresh, before it signs.
    await waitFor(async () => expect(await published()).toContain(rotated.kid));
    expect(await published()).toEqual(expect.arrayContaining([oldKid, rotated.kid]));
    await waitFor(async () => {
      const after = await login(identity, ADMIN.email, ADMIN.password);
      expect(decodeProtectedHeader(after.accessToken).kid).toBe(rotated.kid);
    });
    const customerKeys = await customerClient().getCustomerTokenKeys({});
    expect(customerKeys.jwks.map((jwk) => JSON.parse(jwk).kid)).toEqual(
      expect.arrayContaining([oldKid, rotated.kid]),
    );
  });
});

// Last: it re-seals everything under k2, which the running service (k1 only) cannot open.
describe('the reseal command', () => {
  it('when values were stored in clear (before sealing) or under an old key, then reseal moves them all to the active key', async () => {
    const { client, customerId, travellerId } = await travellerOfNewCustomer();
    await collection('customers').updateOne(
      { _id: customerId as never, 'travellers.id': travellerId },
      { $set: { 'travellers.$.passportNumber': 'P1111111' } },
    );
    const legacy = newSigningKey(new Date(0), new Date(0));
    await collection('signing_keys').insertOne({
      _id: legacy.kid as never,
      slot: 'current',
      privateKeyPem: legacy.privateKeyPem,
      publicJwk: legacy.publicJwk,
      createdAt: legacy.createdAt,
    });
    const rotated = readConfig({ ...envOf(config), SEALING_KEYS: `${OLD},${NEW}`, SEALING_ACTIVE_KEY: 'k2' });
    const sealer = createSealer(sealingKeysOf(rotated));
    await withConnection(async (connection) => {
      const travellers = await createCustomerRepository(connection, sealer).resealTravellers();
      expect(travellers).toMatchObject({ current: 0, unopenable: 0 });
      expect(travellers.resealed).toBeGreaterThan(0);
      const signingKeys = await createSigningKeyRepository(connection, sealer).reseal();
      expect(signingKeys).toMatchObject({ current: 0, unopenable: 0 });
      expect(signingKeys.resealed).toBeGreaterThan(0);
      expect(await createCustomerRepository(connection, sealer).resealTravellers()).toMatchObject({
        resealed: 0,
      });
      const stored = await collection('customers').findOne({ _id: customerId as never });
      expect(stored?.travellers[0].passportNumber).toMatch(/^sealed:v1:k2:/);
      expect(JSON.stringify(stored)).not.toContain('P1111111');
      for (const doc of await collection('signing_keys').find().toArray())
        expect(doc.privateKeyPem).toMatch(/^sealed:v1:k2:/);
      expect(await createCustomerRepository(connection, sealer).travellersOf(customerId)).toMatchObject([
        { passportNumber: 'P1111111' },
      ]);
      const opened = await createSigningKeyRepository(connection, sealer).all();
      expect(opened.find((k) => k.kid === legacy.kid)?.privateKeyPem).toBe(legacy.privateKeyPem);
    });
    // The running service (k1 and nothing else) can no longer open what k2 sealed: a key is removed only after
    // every process has it and the re-seal ran.
    await expect(client.listTravellers({ caller: customerCaller(customerId) })).rejects.toThrow();
  });
});
