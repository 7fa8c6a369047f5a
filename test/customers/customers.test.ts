import { platformAdmin } from '../support/admin';
import {
  CUSTOMER_PASSWORD,
  customerLogin,
  registerCustomer,
  sessionOf,
  uniqueCustomerEmail,
} from '../support/customers';
import { type ApiResponse, call, expectDocumented } from '../support/gateway';

const json = { 'content-type': 'application/json' };

/** One call, validated against the internal OpenAPI document whatever its status. */
async function documented(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<ApiResponse> {
  const res = await call(method, path, {
    headers: { ...json, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  await expectDocumented(method, path, res);
  return res;
}
const errorCode = (res: ApiResponse) => (res.body as { error: { code: string } }).error.code;
const dataOf = <T>(res: ApiResponse) => (res.body as { data: T }).data;

describe('customer accounts through the gateway', () => {
  it('when a customer registers, then they are signed in and /auth/me names them', async () => {
    const email = uniqueCustomerEmail('Reg').replace('reg', 'REG');
    const session = await registerCustomer({ email, fullName: 'Asha Rao', mobile: '+91 98765 43210' });
    expect(session.user).toMatchObject({
      email: email.toLowerCase(),
      fullName: 'Asha Rao',
      mobile: '+91 98765 43210',
    });
    expect(session.expiresIn).toBe(900);
    const me = await documented('GET', '/api/auth/me', { headers: session.headers });
    expect(me.status).toBe(200);
    expect(dataOf<{ id: string }>(me).id).toBe(session.user.id);
  });

  it('when the email is taken (in any case) or the password breaks the rule, then 409 and 400 with details', async () => {
    const session = await registerCustomer();
    const taken = await documented('POST', '/api/auth/register', {
      body: { email: session.email.toUpperCase(), password: CUSTOMER_PASSWORD, fullName: 'Again' },
    });
    expect(taken.status).toBe(409);
    const weak = await documented('POST', '/api/auth/register', {
      body: { email: uniqueCustomerEmail(), password: 'short1', fullName: 'Weak' },
    });
    expect(weak.status).toBe(400);
    expect((weak.body as { error: { details: { path: string }[] } }).error.details).toEqual([
      { path: 'password', message: 'At least 8 characters, with a letter and a number.' },
    ]);
  });

  it('when a customer signs in with a wrong password, then 401; with the right one, then tokens', async () => {
    const session = await registerCustomer();
    expect((await customerLogin(session.email, 'wrong-pass-99')).status).toBe(401);
    const ok = await customerLogin(session.email.toUpperCase());
    expect(ok.status).toBe(200);
    expect(sessionOf(ok, session.email).user.id).toBe(session.user.id);
  });

  it('when the first refresh token is reused after two rotations, then the whole session is revoked', async () => {
    const first = await registerCustomer();
    const refresh = (refreshToken: string) =>
      documented('POST', '/api/auth/refresh', { body: { refreshToken } });
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    const secondSession = sessionOf(second, first.email);
    const third = await refresh(secondSession.refreshToken);
    expect(third.status).toBe(200);
    const thirdSession = sessionOf(third, first.email);
    expect((await documented('GET', '/api/auth/me', { headers: thirdSession.headers })).status).toBe(200);

    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    // Every token of the session stops at once: the newest access token and the newest refresh token.
    const me = await documented('GET', '/api/auth/me', { headers: thirdSession.headers });
    expect(me.status).toBe(401);
    expect((await refresh(thirdSession.refreshToken)).status).toBe(401);
  });

  it('when a customer logs out, then the access token stops working and the refresh token too', async () => {
    const session = await registerCustomer();
    expect((await documented('GET', '/api/profile', { headers: session.headers })).status).toBe(200);
    const out = await documented('POST', '/api/auth/logout', {
      body: { refreshToken: session.refreshToken },
    });
    expect(out.status).toBe(200);
    expect((await documented('GET', '/api/profile', { headers: session.headers })).status).toBe(401);
    expect(
      (await documented('POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } }))
        .status,
    ).toBe(401);
  });

  it('when a customer token is sent to /api/admin/* and a staff token to customer routes, then both are 401', async () => {
    const session = await registerCustomer();
    const admin = await platformAdmin();
    const adminMe = await documented('GET', '/api/admin/auth/me', { headers: session.headers });
    expect(adminMe.status).toBe(401);
    const settings = await documented('GET', '/api/admin/settings', { headers: session.headers });
    expect(settings.status).toBe(401);
    const staffOnProfile = await documented('GET', '/api/profile', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(staffOnProfile.status).toBe(401);
    const staffOnTravellers = await documented('POST', '/api/travellers', {
      headers: { authorization: `Bearer ${admin.token}` },
      body: { firstName: 'A', lastName: 'B' },
    });
    expect(staffOnTravellers.status).toBe(401);
    expect(errorCode(staffOnTravellers)).toBe('unauthorized');
  });

  it('when no token or a forged one is sent to a customer route, then 401', async () => {
    expect((await documented('GET', '/api/profile')).status).toBe(401);
    const forged = await documented('GET', '/api/profile', {
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' },
    });
    expect(forged.status).toBe(401);
  });
});

describe('profile and travellers through the gateway', () => {
  it('when the profile is changed, then the change shows and a null mobile removes the number', async () => {
    const session = await registerCustomer({ mobile: '+91 90000 00001' });
    const put = await documented('PUT', '/api/profile', {
      headers: session.headers,
      body: { fullName: 'New Name', mobile: null },
    });
    expect(put.status).toBe(200);
    expect(dataOf(put)).toMatchObject({ fullName: 'New Name', mobile: null });
    const bad = await documented('PUT', '/api/profile', {
      headers: session.headers,
      body: { email: 'x@y.z' },
    });
    expect(bad.status).toBe(400);
    const get = await documented('GET', '/api/profile', { headers: session.headers });
    expect(dataOf(get)).toMatchObject({ fullName: 'New Name', mobile: null, email: session.email });
  });

  it('when a traveller is saved, then its passport number is shown masked but for the last 4', async () => {
    const session = await registerCustomer();
    const created = await documented('POST', '/api/travellers', {
      headers: session.headers,
      body: { firstName: 'Ravi', lastName: 'Kumar', dateOfBirth: '1990-04-12', passportNumber: 'Z1234567' },
    });
    expect(created.status).toBe(201);
    expect(dataOf(created)).toMatchObject({ passportNumber: '****4567', dateOfBirth: '1990-04-12' });
    const list = await documented('GET', '/api/travellers', { headers: session.headers });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('Z1234567');
    expect((list.body as { data: unknown[]; hasMore: boolean }).data).toHaveLength(1);
  });

  it('when 22 travellers are saved at once, then 20 are kept and the rest are 409', async () => {
    const session = await registerCustomer();
    const results = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        documented('POST', '/api/travellers', {
          headers: session.headers,
          body: { firstName: `T${i}`, lastName: 'Racer' },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const list = await documented('GET', '/api/travellers', { headers: session.headers });
    expect((list.body as { data: unknown[] }).data).toHaveLength(20);
  });

  it("when a customer deletes another customer's traveller, then 404 and it stays; the owner deletes it", async () => {
    const owner = await registerCustomer();
    const other = await registerCustomer();
    const created = await documented('POST', '/api/travellers', {
      headers: owner.headers,
      body: { firstName: 'Mina', lastName: 'Shah' },
    });
    const id = dataOf<{ id: string }>(created).id;
    const foreign = await documented('DELETE', `/api/travellers/${id}`, { headers: other.headers });
    expect(foreign.status).toBe(404);
    expect(
      ((await documented('GET', '/api/travellers', { headers: owner.headers })).body as { data: unknown[] })
        .data,
    ).toHaveLength(1);
    const own = await documented('DELETE', `/api/travellers/${id}`, { headers: owner.headers });
    expect(own.status).toBe(200);
    expect(dataOf(own)).toEqual({ id, deleted: true });
  });
});
