import { waitFor } from '@travel/testkit';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { RIGHTS } from '../src/domain/staff/rights';
import {
  ADMIN,
  actorOf,
  type IdentityUnderTest,
  identityConfig,
  login,
  sessionIdOf,
  startIdentity,
} from './staff.fixture';

let identity: IdentityUnderTest;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity.stop();
});

const refresh = (refreshToken: string) =>
  identity.staff.refresh({ refreshToken, ip: '203.0.113.7', requestId: 'req_ct_refresh' });
const sessionActive = async (accessToken: string) =>
  (await identity.staff.getSession({ sessionId: sessionIdOf(accessToken) })).active;

async function auditActions() {
  const admin = await login(identity, ADMIN.email, ADMIN.password);
  const { entries } = await identity.audit.listAuditEntries({ caller: actorOf(admin.profile), limit: 100 });
  return entries;
}

describe('staff sign-in', () => {
  it('when the configured first administrator signs in, then the tokens carry a platform profile with every right', async () => {
    const tokens = await login(identity, 'Admin@Partner-Travel.local', ADMIN.password);
    expect(tokens.expiresIn).toBe(900);
    expect(tokens.refreshToken).toMatch(/^rtk_[A-Za-z0-9_-]{43}$/);
    expect(tokens.profile).toMatchObject({
      roleName: 'Platform administrator',
      platform: true,
      user: { email: ADMIN.email, roleId: 'rol_platform_admin', status: 'active', tenantId: undefined },
    });
    expect([...(tokens.profile?.rights ?? [])].sort()).toEqual([...RIGHTS].sort());
  });

  it('when the access token is checked with the published JWK, then it verifies and carries sub, sid, iss, aud and a 15-minute expiry', async () => {
    const tokens = await login(identity, ADMIN.email, ADMIN.password);
    const keys = await identity.staff.getAccessTokenKeys({});
    expect(keys).toMatchObject({ issuer: 'partner-travel-identity', audience: 'partner-travel-admin' });
    expect(keys.jwks).toHaveLength(1);
    const jwk = JSON.parse(keys.jwks[0] ?? '{}') as {
      kid: string;
      alg: string;
      kty: string;
      crv: string;
      d?: string;
    };
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(jwk.d).toBeUndefined();
    expect(decodeProtectedHeader(tokens.accessToken)).toMatchObject({ alg: 'EdDSA', kid: jwk.kid });
    const { payload } = await jwtVerify(tokens.accessToken, await importJWK(jwk, 'EdDSA'), {
      issuer: keys.issuer,
      audience: keys.audience,
    });
    expect(payload.sub).toBe(tokens.profile?.user?.id);
    expect(payload.sid).toMatch(/^ses_[A-Za-z0-9_-]{20}$/);
    expect(payload.tid).toBeUndefined();
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(900);
    expect(await identity.staff.getSession({ sessionId: String(payload.sid) })).toMatchObject({
      active: true,
      profile: { platform: true, user: { id: payload.sub } },
    });
  });

  it('when the password is wrong or the email unknown, then both answer the same unauthorized and both are audited', async () => {
    const wrong = login(identity, ADMIN.email, 'not-the-password-1');
    const unknown = login(identity, 'nobody@example.com', ADMIN.password);
    const expected = { code: 'unauthorized', message: 'Invalid email or password.' };
    await expect(wrong).rejects.toMatchObject(expected);
    await expect(unknown).rejects.toMatchObject(expected);

    const failures = (await auditActions()).filter((entry) => entry.action === 'auth.login_failed');
    const unknownEntry = failures.find((entry) => entry.actorEmail === 'nobody@example.com');
    const wrongEntry = failures.find((entry) => entry.actorEmail === ADMIN.email);
    expect(unknownEntry).toMatchObject({ actorUserId: undefined, ip: '203.0.113.7' });
    expect(JSON.parse(unknownEntry?.detailsJson ?? '{}')).toEqual({ reason: 'unknown_email' });
    expect(wrongEntry?.actorUserId).toMatch(/^usr_/);
    expect(wrongEntry?.requestId).toMatch(/^req_/);
    expect(JSON.parse(wrongEntry?.detailsJson ?? '{}')).toEqual({ reason: 'wrong_password' });
    expect(JSON.stringify(failures)).not.toContain('not-the-password-1');
  });

  it('when a session is unknown, then GetSession answers inactive without a profile', async () => {
    expect(await identity.staff.getSession({ sessionId: 'ses_unknown' })).toEqual({ active: false });
  });
});

describe('refresh tokens', () => {
  it('when a refresh token is used, then it rotates and the old one no longer works', async () => {
    const first = await login(identity, ADMIN.email, ADMIN.password);
    const { tokens: second } = await refresh(first.refreshToken);
    expect(second?.refreshToken).toMatch(/^rtk_/);
    expect(second?.refreshToken).not.toBe(first.refreshToken);
    expect(sessionIdOf(second?.accessToken ?? '')).toBe(sessionIdOf(first.accessToken));
    expect(second?.profile?.user?.email).toBe(ADMIN.email);
    const { tokens: third } = await refresh(second?.refreshToken ?? '');
    expect(third?.refreshToken).toMatch(/^rtk_/);
  });

  it('when a rotated refresh token is reused, then the whole session is revoked, the newest token fails too, and it is audited', async () => {
    const first = await login(identity, ADMIN.email, ADMIN.password);
    const { tokens: second } = await refresh(first.refreshToken);
    await expect(refresh(first.refreshToken)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await sessionActive(first.accessToken)).toBe(false);
    await expect(refresh(second?.refreshToken ?? '')).rejects.toMatchObject({ code: 'unauthorized' });
    // Relayed from the revocation's insert through audit.entries (docs/decisions/audit.md).
    await waitFor(async () => {
      const reuse = (await auditActions()).filter((entry) => entry.action === 'auth.refresh_reuse_detected');
      expect(reuse.map((entry) => entry.targetId)).toContain(sessionIdOf(first.accessToken));
    });
  });

  it('when two refreshes race with the same token, then at most one succeeds', async () => {
    const tokens = await login(identity, ADMIN.email, ADMIN.password);
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => refresh(tokens.refreshToken)));
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeLessThanOrEqual(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('when a token was never issued, then refresh is unauthorized', async () => {
    await expect(refresh('rtk_made_up')).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('logout', () => {
  it('when a staff member logs out, then the session is inactive, its refresh token fails, a second logout is a no-op, and it is audited once', async () => {
    const tokens = await login(identity, ADMIN.email, ADMIN.password);
    const logout = () =>
      identity.staff.logout({
        refreshToken: tokens.refreshToken,
        ip: '203.0.113.7',
        requestId: 'req_ct_logout',
      });
    await logout();
    expect(await sessionActive(tokens.accessToken)).toBe(false);
    await expect(refresh(tokens.refreshToken)).rejects.toMatchObject({ code: 'unauthorized' });
    await logout();
    const logoutsOf = async () =>
      (await auditActions()).filter(
        (entry) => entry.action === 'auth.logout' && entry.targetId === sessionIdOf(tokens.accessToken),
      );
    // Relayed from the revocation's insert; the second logout revoked nothing, so it carried no entry.
    await waitFor(async () => expect((await logoutsOf()).length).toBeGreaterThan(0));
    const logouts = await logoutsOf();
    expect(logouts).toHaveLength(1);
    expect(logouts[0]).toMatchObject({ actorEmail: ADMIN.email, requestId: 'req_ct_logout' });
  });
});

describe('two replicas starting together', () => {
  it('when two identity processes start at once on a fresh database, then there is one administrator and one signing key', async () => {
    const config = identityConfig();
    const [one, two] = await Promise.all([startIdentity(config), startIdentity(config)]);
    try {
      const [keysOne, keysTwo] = await Promise.all([
        one.staff.getAccessTokenKeys({}),
        two.staff.getAccessTokenKeys({}),
      ]);
      expect(keysOne.jwks).toEqual(keysTwo.jwks);
      const admin = await login(one, ADMIN.email, ADMIN.password);
      const { users } = await two.staff.listUsers({ caller: actorOf(admin.profile) });
      expect(users.filter((user) => user.roleId === 'rol_platform_admin')).toHaveLength(1);
      // A token signed by one replica is accepted by the other's session check.
      expect((await two.staff.getSession({ sessionId: sessionIdOf(admin.accessToken) })).active).toBe(true);
    } finally {
      await one.stop();
      await two.service.stop();
    }
  });
});
