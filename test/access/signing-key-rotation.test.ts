import { DEMO_ADMIN } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { bearer } from '../support/admin';
import { customerLogin, registerCustomer, sessionOf } from '../support/customers';
import { call, expectDocumented } from '../support/gateway';
import { serviceCommand } from '../support/stack-commands';
import { login, tokensOf } from '../support/staff';

// Issue 30: identity's token signing key rotated with its documented command, through the whole stack: the
// gateway keeps verifying sessions of the old key, new sign-ins carry the new kid, the JWKS lists both.
/** The `kid` of a JWT's protected header. */
const kidOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')).kid;
const jwks = async () => {
  const res = await call('GET', '/api/.well-known/jwks.json');
  expect(res.status).toBe(200);
  await expectDocumented('GET', '/api/.well-known/jwks.json', res);
  return (res.body as { keys: { kid: string; alg: string }[] }).keys;
};
const staffSignIn = async () => tokensOf(await login(DEMO_ADMIN.email, DEMO_ADMIN.password)).token;

describe('access-token signing key rotation', () => {
  it('when the key is rotated, then old sessions keep working, new ones are signed with the new kid, and the JWKS lists both', async () => {
    const oldStaff = await staffSignIn();
    const oldCustomer = await registerCustomer();
    const oldKid = kidOf(oldStaff);
    expect((await jwks()).map((key) => key.kid)).toContain(oldKid);

    const rotated = JSON.parse(await serviceCommand('identity', 'rotate-signing-key')) as { kid: string };
    expect(rotated.kid).not.toBe(oldKid);
    // Published at once (identity rereads its keys each second), before it signs.
    await waitFor(async () =>
      expect((await jwks()).map((key) => key.kid)).toEqual(expect.arrayContaining([oldKid, rotated.kid])),
    );
    for (const key of await jwks()) expect(key.alg).toBe('EdDSA');

    // The e2e stack activates a rotated key after 2 s.
    const newStaff = await waitFor(
      async () => {
        const token = await staffSignIn();
        expect(kidOf(token)).toBe(rotated.kid);
        return token;
      },
      { timeoutMs: 15_000, intervalMs: 500 },
    );
    const newCustomer = sessionOf(await customerLogin(oldCustomer.email), oldCustomer.email);
    expect(kidOf(newCustomer.token)).toBe(rotated.kid);

    for (const token of [oldStaff, newStaff]) {
      const me = await call('GET', '/api/admin/auth/me', { headers: bearer(token) });
      expect({ kid: kidOf(token), status: me.status }).toEqual({ kid: kidOf(token), status: 200 });
    }
    for (const session of [oldCustomer, newCustomer]) {
      const me = await call('GET', '/api/auth/me', { headers: session.headers });
      expect({ kid: kidOf(session.token), status: me.status }).toEqual({
        kid: kidOf(session.token),
        status: 200,
      });
    }
    expect((await jwks()).map((key) => key.kid)).toEqual(expect.arrayContaining([oldKid, rotated.kid]));
  });

  it('when the documented reseal commands run against the live stack, then each reports its counts and nothing it cannot open', async () => {
    for (const service of ['identity', 'billing', 'webhook']) {
      const counts = Object.values(JSON.parse(await serviceCommand(service, 'reseal'))) as {
        resealed: number;
        current: number;
        unopenable: number;
      }[];
      expect(counts.length).toBeGreaterThan(0);
      for (const count of counts)
        expect(count).toEqual({ resealed: expect.any(Number), current: expect.any(Number), unopenable: 0 });
    }
    // Everything is under the active key now: a second pass has nothing to do.
    const again = JSON.parse(await serviceCommand('identity', 'reseal')) as Record<
      string,
      { resealed: number }
    >;
    for (const count of Object.values(again)) expect(count.resealed).toBe(0);
  });
});
