import { customers } from '@travel/contracts';
import { createServiceClient, uniqueName } from '@travel/testkit';
import mongoose from 'mongoose';
import { createPasswordHasher } from '../src/domain/passwords';
import { ADMIN, type IdentityUnderTest, identityConfig, login, startIdentity } from './staff.fixture';

// Production's cost (2^17), with hashes stored at the cost every password had before 2026-11-26 (2^14).
let identity: IdentityUnderTest;
let store: mongoose.Connection;
const before = createPasswordHasher({ cost: { N: 2 ** 14, r: 8, p: 1 } });
const CURRENT = /^scrypt\$131072\$8\$1\$/;

beforeAll(async () => {
  identity = await startIdentity(identityConfig({ PASSWORD_SCRYPT_LOG_N: '17' }));
  store = await mongoose
    .createConnection(identity.config.MONGO_URL, { dbName: identity.config.MONGO_DATABASE })
    .asPromise();
});
afterAll(async () => {
  await store?.close();
  await identity?.stop();
});

const storedHash = async (collection: string, filter: object) =>
  ((await store.collection(collection).findOne(filter)) as { passwordHash: string } | null)?.passwordHash;
const storeOldHash = async (collection: string, filter: object, password: string) => {
  const old = await before.hash(password);
  await store.collection(collection).updateOne(filter, { $set: { passwordHash: old } });
  return old;
};
const refused = async (attempt: Promise<unknown>) => {
  await expect(attempt).rejects.toMatchObject({
    message: expect.stringContaining('Invalid email or password'),
  });
};

describe('password hashes of older parameters', () => {
  it('when staff sign in with a hash made at 2^14, then a failed sign-in changes nothing and a good one stores a 2^17 hash', async () => {
    const admin = { email: ADMIN.email };
    expect(await storedHash('staff_users', admin)).toMatch(CURRENT);
    const old = await storeOldHash('staff_users', admin, ADMIN.password);

    await refused(login(identity, ADMIN.email, 'wrong-password-1'));
    expect(await storedHash('staff_users', admin)).toBe(old);

    await login(identity, ADMIN.email, ADMIN.password);
    const rehashed = await storedHash('staff_users', admin);
    expect(rehashed).toMatch(CURRENT);
    expect((await createPasswordHasher().verify(ADMIN.password, rehashed as string)).matches).toBe(true);
    // And the new hash signs in (without another rehash).
    await login(identity, ADMIN.email, ADMIN.password);
    expect(await storedHash('staff_users', admin)).toBe(rehashed);
  });

  it('when a customer signs in with a hash made at 2^14, then a failed sign-in changes nothing and a good one stores a 2^17 hash', async () => {
    const client = createServiceClient(customers.CustomerServiceDefinition, identity.service.address, {
      deadlineMs: 10_000,
    });
    const origin = { ip: '198.51.100.4', userAgent: 'jest' };
    const email = `${uniqueName('rehash')}@shopper.example`;
    const password = 'storefront-2026';
    await client.registerCustomer({ email, password, fullName: 'Asha Rao', ...origin, requestId: 'req_1' });
    expect(await storedHash('customers', { email })).toMatch(CURRENT);
    const old = await storeOldHash('customers', { email }, password);

    await refused(
      client.loginCustomer({ email, password: 'storefront-2027', ...origin, requestId: 'req_2' }),
    );
    expect(await storedHash('customers', { email })).toBe(old);

    await client.loginCustomer({ email, password, ...origin, requestId: 'req_3' });
    const rehashed = await storedHash('customers', { email });
    expect(rehashed).toMatch(CURRENT);
    expect((await createPasswordHasher().verify(password, rehashed as string)).matches).toBe(true);
  });
});
