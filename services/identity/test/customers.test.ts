import { customers } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import { createServiceClient, customerCaller, uniqueName } from '@travel/testkit';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { type IdentityUnderTest, sessionIdOf, startIdentity } from './staff.fixture';

let identity: IdentityUnderTest;
let client: ServiceClient<typeof customers.CustomerServiceDefinition>;

beforeAll(async () => {
  identity = await startIdentity();
  client = createServiceClient(customers.CustomerServiceDefinition, identity.service.address, {
    deadlineMs: 10_000,
  });
});
afterAll(async () => {
  await identity.stop();
});

const origin = { ip: '198.51.100.4', userAgent: 'jest', requestId: 'req_ct_customers' };
const PASSWORD = 'storefront-2026';

async function register(email = `${uniqueName('cus')}@shopper.example`) {
  const { tokens } = await client.registerCustomer({
    email,
    password: PASSWORD,
    fullName: ' Asha Rao ',
    ...origin,
  });
  if (!tokens?.customer) throw new Error('no tokens');
  return tokens;
}
const refresh = (refreshToken: string) => client.refreshCustomer({ refreshToken, ...origin });
const active = async (accessToken: string) =>
  (await client.getCustomerSession({ sessionId: sessionIdOf(accessToken) })).active;

describe('customer accounts', () => {
  it('when a customer registers, then they are signed in with a customer-audience token and a trimmed profile', async () => {
    const email = `${uniqueName('Reg')}@Shopper.example`;
    const tokens = await register(email);
    expect(tokens.customer).toMatchObject({
      email: email.toLowerCase(),
      fullName: 'Asha Rao',
      id: expect.stringMatching(/^cus_\d+$/),
    });
    expect(tokens.expiresIn).toBe(900);
    const keys = await client.getCustomerTokenKeys({});
    expect(keys.audience).toBe('partner-travel-customer');
    const jwks = createLocalJWKSet({ keys: keys.jwks.map((jwk) => JSON.parse(jwk)) });
    const { payload } = await jwtVerify(tokens.accessToken, jwks, {
      audience: keys.audience,
      issuer: keys.issuer,
    });
    expect(payload.sub).toBe(tokens.customer?.id);
    // The staff audience is not this one: a staff verifier refuses the token.
    const staffKeys = await identity.staff.getAccessTokenKeys({});
    await expect(jwtVerify(tokens.accessToken, jwks, { audience: staffKeys.audience })).rejects.toThrow();
  });

  it('when the email is taken in another case, then registration is conflict and nothing is created', async () => {
    const email = `${uniqueName('dup')}@shopper.example`;
    await register(email);
    await expect(register(email.toUpperCase())).rejects.toMatchObject({ code: 'conflict' });
  });

  it('when the password breaks the rule or the email is not one, then bad_request names each field', async () => {
    await expect(
      client.registerCustomer({
        email: 'nope',
        password: 'lettersonly',
        fullName: 'X',
        mobile: 'abc',
        ...origin,
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        { path: 'email', message: expect.any(String) },
        { path: 'password', message: 'At least 8 characters, with a letter and a number.' },
        { path: 'mobile', message: expect.any(String) },
      ],
    });
  });

  it('when the password is wrong or the email unknown, then sign-in is unauthorized alike', async () => {
    const { customer } = await register();
    await expect(
      client.loginCustomer({ email: customer?.email ?? '', password: 'wrong-pass-1', ...origin }),
    ).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'Invalid email or password.',
    });
    await expect(
      client.loginCustomer({ email: 'nobody@shopper.example', password: PASSWORD, ...origin }),
    ).rejects.toMatchObject({
      code: 'unauthorized',
      message: 'Invalid email or password.',
    });
    const { tokens } = await client.loginCustomer({
      email: customer?.email.toUpperCase() ?? '',
      password: PASSWORD,
      ...origin,
    });
    expect(tokens?.customer?.id).toBe(customer?.id);
  });

  it('when a rotated refresh token is used again, then the whole session is revoked', async () => {
    const first = await register();
    const second = (await refresh(first.refreshToken)).tokens;
    const third = (await refresh(second?.refreshToken ?? '')).tokens;
    expect(await active(third?.accessToken ?? '')).toBe(true);
    await expect(refresh(first.refreshToken)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await active(third?.accessToken ?? '')).toBe(false);
    await expect(refresh(third?.refreshToken ?? '')).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('when two refreshes race with one token, then exactly one wins and the session is revoked', async () => {
    const tokens = await register();
    const results = await Promise.allSettled([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(1);
    expect(await active(tokens.accessToken)).toBe(false);
  });

  it('when a customer logs out, then the session ends and a second logout changes nothing', async () => {
    const tokens = await register();
    await client.logoutCustomer({ refreshToken: tokens.refreshToken, ...origin });
    expect(await active(tokens.accessToken)).toBe(false);
    await client.logoutCustomer({ refreshToken: tokens.refreshToken, ...origin });
    await expect(refresh(tokens.refreshToken)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(client.logoutCustomer({ refreshToken: 'rtk_unknown', ...origin })).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });

  it('when a staff refresh token is sent to the customer refresh, then it is unauthorized', async () => {
    const { tokens } = await identity.staff.login({
      email: 'admin@partner-travel.local',
      password: 'admin-demo-2026',
      ...origin,
    });
    await expect(refresh(tokens?.refreshToken ?? '')).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('profile and travellers', () => {
  it('when the profile is updated, then the name changes and an empty mobile removes the number', async () => {
    const { customer } = await register();
    const customerId = customer?.id ?? '';
    const withMobile = await client.updateProfile({
      caller: customerCaller(customerId),
      fullName: 'Asha R.',
      mobile: '+91 98765 43210',
    });
    expect(withMobile.customer).toMatchObject({ fullName: 'Asha R.', mobile: '+91 98765 43210' });
    const without = await client.updateProfile({ caller: customerCaller(customerId), mobile: '' });
    expect(without.customer?.mobile).toBeUndefined();
    expect((await client.getProfile({ caller: customerCaller(customerId) })).customer?.fullName).toBe(
      'Asha R.',
    );
  });

  it('when a traveller is saved, then the passport number is only ever shown masked but for the last 4', async () => {
    const { customer } = await register();
    const customerId = customer?.id ?? '';
    const { traveller } = await client.addTraveller({
      caller: customerCaller(customerId),
      firstName: 'Ravi',
      lastName: 'Kumar',
      dateOfBirth: '1990-04-12',
      passportNumber: 'z1234567',
    });
    expect(traveller).toMatchObject({ passportNumberMasked: '****4567', dateOfBirth: '1990-04-12' });
    const { travellers } = await client.listTravellers({ caller: customerCaller(customerId) });
    expect(travellers).toHaveLength(1);
    expect(JSON.stringify(travellers)).not.toContain('1234567');
  });

  it('when 25 travellers are added at once, then exactly 20 are kept and the rest are conflict', async () => {
    const { customer } = await register();
    const customerId = customer?.id ?? '';
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        client.addTraveller({ caller: customerCaller(customerId), firstName: `T${i}`, lastName: 'Racer' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    expect((await client.listTravellers({ caller: customerCaller(customerId) })).travellers).toHaveLength(20);
  });

  it("when a customer deletes another customer's traveller, then it is not_found and the traveller stays", async () => {
    const owner = (await register()).customer?.id ?? '';
    const other = (await register()).customer?.id ?? '';
    const { traveller } = await client.addTraveller({
      caller: customerCaller(owner),
      firstName: 'Mina',
      lastName: 'Shah',
    });
    await expect(
      client.deleteTraveller({ caller: customerCaller(other), id: traveller?.id ?? '' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    expect((await client.listTravellers({ caller: customerCaller(owner) })).travellers).toHaveLength(1);
    await client.deleteTraveller({ caller: customerCaller(owner), id: traveller?.id ?? '' });
    expect((await client.listTravellers({ caller: customerCaller(owner) })).travellers).toHaveLength(0);
  });

  it('when a date of birth is in the future or not a day, then bad_request', async () => {
    const customerId = (await register()).customer?.id ?? '';
    await expect(
      client.addTraveller({
        caller: customerCaller(customerId),
        firstName: 'A',
        lastName: 'B',
        dateOfBirth: '2999-01-01',
        passportNumber: 'x',
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        { path: 'dateOfBirth', message: expect.any(String) },
        { path: 'passportNumber', message: expect.any(String) },
      ],
    });
  });
});
