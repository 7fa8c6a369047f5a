import { platformAdmin } from '../support/admin';
import { codeOf, consoleCall, dataOf } from '../support/console-calls';
import {
  CUSTOMER_PASSWORD,
  customerLogin,
  registerCustomer,
  sessionOf,
  uniqueCustomerEmail,
} from '../support/customers';

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
    const me = await consoleCall(session.token, 'GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(dataOf<{ id: string }>(me).id).toBe(session.user.id);
  });

  it('when the email is taken (in any case) or the password breaks the rule, then 409 and 400 with details', async () => {
    const session = await registerCustomer();
    const taken = await consoleCall(null, 'POST', '/api/auth/register', {
      email: session.email.toUpperCase(),
      password: CUSTOMER_PASSWORD,
      fullName: 'Again',
    });
    expect(taken.status).toBe(409);
    const weak = await consoleCall(null, 'POST', '/api/auth/register', {
      email: uniqueCustomerEmail(),
      password: 'short1',
      fullName: 'Weak',
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
      consoleCall(null, 'POST', '/api/auth/refresh', { refreshToken });
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    const secondSession = sessionOf(second, first.email);
    const third = await refresh(secondSession.refreshToken);
    expect(third.status).toBe(200);
    const thirdSession = sessionOf(third, first.email);
    expect((await consoleCall(thirdSession.token, 'GET', '/api/auth/me')).status).toBe(200);

    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    // Every token of the session stops at once: the newest access token and the newest refresh token.
    const me = await consoleCall(thirdSession.token, 'GET', '/api/auth/me');
    expect(me.status).toBe(401);
    expect((await refresh(thirdSession.refreshToken)).status).toBe(401);
  });

  it('when a customer logs out, then the access token stops working and the refresh token too', async () => {
    const session = await registerCustomer();
    expect((await consoleCall(session.token, 'GET', '/api/profile')).status).toBe(200);
    const out = await consoleCall(null, 'POST', '/api/auth/logout', { refreshToken: session.refreshToken });
    expect(out.status).toBe(200);
    expect((await consoleCall(session.token, 'GET', '/api/profile')).status).toBe(401);
    expect(
      (await consoleCall(null, 'POST', '/api/auth/refresh', { refreshToken: session.refreshToken })).status,
    ).toBe(401);
  });

  it('when a customer token is sent to /api/admin/* and a staff token to customer routes, then both are 401', async () => {
    const session = await registerCustomer();
    const admin = await platformAdmin();
    const adminMe = await consoleCall(session.token, 'GET', '/api/admin/auth/me');
    expect(adminMe.status).toBe(401);
    const settings = await consoleCall(session.token, 'GET', '/api/admin/settings');
    expect(settings.status).toBe(401);
    const staffOnProfile = await consoleCall(admin.token, 'GET', '/api/profile');
    expect(staffOnProfile.status).toBe(401);
    const staffOnTravellers = await consoleCall(admin.token, 'POST', '/api/travellers', {
      firstName: 'A',
      lastName: 'B',
    });
    expect(staffOnTravellers.status).toBe(401);
    expect(codeOf(staffOnTravellers)).toEqual([401, 'unauthorized']);
  });

  it('when no token or a forged one is sent to a customer route, then 401', async () => {
    expect((await consoleCall(null, 'GET', '/api/profile')).status).toBe(401);
    const forged = await consoleCall('eyJhbGciOiJub25lIn0.e30.', 'GET', '/api/profile');
    expect(forged.status).toBe(401);
  });
});

describe('profile and travellers through the gateway', () => {
  it('when the profile is changed, then the change shows and a null mobile removes the number', async () => {
    const session = await registerCustomer({ mobile: '+91 90000 00001' });
    const put = await consoleCall(session.token, 'PUT', '/api/profile', {
      fullName: 'New Name',
      mobile: null,
    });
    expect(put.status).toBe(200);
    expect(dataOf(put)).toMatchObject({ fullName: 'New Name', mobile: null });
    const bad = await consoleCall(session.token, 'PUT', '/api/profile', { email: 'x@y.z' });
    expect(bad.status).toBe(400);
    const get = await consoleCall(session.token, 'GET', '/api/profile');
    expect(dataOf(get)).toMatchObject({ fullName: 'New Name', mobile: null, email: session.email });
  });

  it('when a traveller is saved, then its passport number is shown masked but for the last 4', async () => {
    const session = await registerCustomer();
    const created = await consoleCall(session.token, 'POST', '/api/travellers', {
      firstName: 'Ravi',
      lastName: 'Kumar',
      dateOfBirth: '1990-04-12',
      passportNumber: 'Z1234567',
    });
    expect(created.status).toBe(201);
    expect(dataOf(created)).toMatchObject({ passportNumber: '****4567', dateOfBirth: '1990-04-12' });
    const list = await consoleCall(session.token, 'GET', '/api/travellers');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('Z1234567');
    expect((list.body as { data: unknown[]; hasMore: boolean }).data).toHaveLength(1);
  });

  it('when 22 travellers are saved at once, then 20 are kept and the rest are 409', async () => {
    const session = await registerCustomer();
    const results = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        consoleCall(session.token, 'POST', '/api/travellers', { firstName: `T${i}`, lastName: 'Racer' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const list = await consoleCall(session.token, 'GET', '/api/travellers');
    expect((list.body as { data: unknown[] }).data).toHaveLength(20);
  });

  it("when a customer deletes another customer's traveller, then 404 and it stays; the owner deletes it", async () => {
    const owner = await registerCustomer();
    const other = await registerCustomer();
    const created = await consoleCall(owner.token, 'POST', '/api/travellers', {
      firstName: 'Mina',
      lastName: 'Shah',
    });
    const id = dataOf<{ id: string }>(created).id;
    const foreign = await consoleCall(other.token, 'DELETE', `/api/travellers/${id}`);
    expect(foreign.status).toBe(404);
    expect(
      ((await consoleCall(owner.token, 'GET', '/api/travellers')).body as { data: unknown[] }).data,
    ).toHaveLength(1);
    const own = await consoleCall(owner.token, 'DELETE', `/api/travellers/${id}`);
    expect(own.status).toBe(200);
    expect(dataOf(own)).toEqual({ id, deleted: true });
  });
});
