import { hashApiKey } from '@travel/api-keys';
import { codeOf, documented, staffCaller, waitFor } from '@travel/testkit';
import { type ApiAccessUnderTest, PLATFORM, startApiAccess } from './api-access.fixture';

// Spending limits per API key as identity stores them: set from either console, scoped, validated, audited,
// announced, handed to the gateway with the key, and copied by a rotation.
let identity: ApiAccessUnderTest;

beforeAll(async () => {
  identity = await startApiAccess();
});
afterAll(async () => {
  await identity.stop();
});

const consoleStaff = (tenantId: string, rights = ['api-console']) =>
  staffCaller({
    userId: `usr_ct_console_${tenantId}`,
    email: `console@${tenantId}.example`,
    tenantId,
    rights,
  });

async function partnerKey() {
  const { tenant } = await identity.tenants.createTenant({ caller: PLATFORM, name: 'Spending agency' });
  if (!tenant) throw new Error('no tenant answered');
  const { client } = await identity.apiAccess.createClient({
    caller: PLATFORM,
    name: 'Robot',
    tenantId: tenant.id,
  });
  if (!client) throw new Error('no client answered');
  const { issued } = await identity.apiAccess.createKey({
    caller: PLATFORM,
    clientId: client.id,
    scopes: ['bookings:write'],
    ipAllowList: [],
  });
  if (!issued?.key) throw new Error('no key answered');
  return { tenantId: tenant.id, clientId: client.id, key: issued.key, secret: issued.secret };
}

const recordOf = async (secret: string) =>
  (await identity.apiAccess.findKeyByHash({ hash: hashApiKey(secret) })).record;

describe('setting spending limits', () => {
  it('when the platform sets them, then the key, the list and the gateway lookup carry them, audited and announced; nulls remove them', async () => {
    // Copied by a rotation: the next test.
    documented(
      'docs/access.md',
      '| stored | identity, on the key (`api_keys.spendingLimits`); audited, announced on `identity.changes`, copied by a rotation |',
    );
    const { clientId, key, secret } = await partnerKey();
    expect(key.spendingLimits).toEqual({});
    const { key: limited } = await identity.apiAccess.setKeySpendingLimits({
      caller: PLATFORM,
      id: key.id,
      limits: { dailyLimit: 500_000, perBookingLimit: 50_000 },
    });
    expect(limited).toEqual({ ...key, spendingLimits: { dailyLimit: 500_000, perBookingLimit: 50_000 } });
    const { clients } = await identity.apiAccess.listClients({ caller: PLATFORM });
    expect(clients.find((client) => client.id === clientId)?.keys).toEqual([limited]);
    expect((await recordOf(secret))?.spendingLimits).toEqual({
      dailyLimit: 500_000,
      perBookingLimit: 50_000,
    });
    await waitFor(() => expect(identity.changesHeard('api_key', key.id).length).toBeGreaterThanOrEqual(2));
    const [entry] = await identity.auditOf('api_key', key.id);
    expect(entry).toMatchObject({ action: 'api_key.spending_limits_set', actorUserId: 'usr_ct_platform' });
    expect(JSON.parse(entry?.detailsJson ?? '{}')).toEqual({ dailyLimit: 500_000, perBookingLimit: 50_000 });

    const { key: cleared } = await identity.apiAccess.setKeySpendingLimits({
      caller: PLATFORM,
      id: key.id,
      limits: { perBookingLimit: 20_000 },
    });
    expect(cleared?.spendingLimits).toEqual({ perBookingLimit: 20_000 });
    expect((await recordOf(secret))?.spendingLimits).toEqual({ perBookingLimit: 20_000 });
  });

  it('when a key with limits is rotated, then the new key has the same limits', async () => {
    documented('docs/access.md', 'audited, announced on `identity.changes`, copied by a rotation');
    const { key } = await partnerKey();
    await identity.apiAccess.setKeySpendingLimits({
      caller: PLATFORM,
      id: key.id,
      limits: { dailyLimit: 9_000 },
    });
    const rotated = await identity.apiAccess.rotateKey({ caller: PLATFORM, id: key.id, graceSeconds: 0 });
    expect(rotated.issued?.key?.spendingLimits).toEqual({ dailyLimit: 9_000 });
  });

  it('when the limits are bad, then bad_request lists every failing field and nothing changes', async () => {
    const { key, secret } = await partnerKey();
    const refusal = async (limits: { dailyLimit?: number; perBookingLimit?: number }) => {
      try {
        await identity.apiAccess.setKeySpendingLimits({ caller: PLATFORM, id: key.id, limits });
      } catch (error) {
        return { code: (error as { code: string }).code, details: (error as { details: unknown }).details };
      }
      return { code: 'ok', details: null };
    };
    expect(await refusal({ dailyLimit: 0, perBookingLimit: 1_000_000_001 })).toEqual({
      code: 'bad_request',
      details: [
        { path: 'dailyLimit', message: 'Must be null or an integer from 1 to 1000000000 (INR).' },
        { path: 'perBookingLimit', message: 'Must be null or an integer from 1 to 1000000000 (INR).' },
      ],
    });
    expect(await refusal({ dailyLimit: 100, perBookingLimit: 101 })).toEqual({
      code: 'bad_request',
      details: [{ path: 'perBookingLimit', message: 'Must not be more than dailyLimit.' }],
    });
    expect((await recordOf(secret))?.spendingLimits).toEqual({});
  });
});

describe("the tenant's API console", () => {
  it("when tenant staff holding api-console set a key of their own tenant, then it changes; another tenant's key is not_found and stays", async () => {
    const own = await partnerKey();
    const other = await partnerKey();
    const staff = consoleStaff(own.tenantId);
    const { key } = await identity.apiAccess.setKeySpendingLimits({
      caller: staff,
      id: own.key.id,
      limits: { dailyLimit: 1_000 },
    });
    expect(key?.spendingLimits).toEqual({ dailyLimit: 1_000 });
    expect(
      await codeOf(
        identity.apiAccess.setKeySpendingLimits({
          caller: staff,
          id: other.key.id,
          limits: { dailyLimit: 1 },
        }),
      ),
    ).toBe('not_found');
    expect((await recordOf(other.secret))?.spendingLimits).toEqual({});
  });

  it('when the caller lacks the right of its console, or is no staff, then forbidden and nothing changes', async () => {
    const { tenantId, key, secret } = await partnerKey();
    const set = (caller: Parameters<typeof identity.apiAccess.setKeySpendingLimits>[0]['caller']) =>
      codeOf(identity.apiAccess.setKeySpendingLimits({ caller, id: key.id, limits: { dailyLimit: 1 } }));
    // Tenant staff need api-console (api-access is the platform's right); platform staff need api-access.
    expect(await set(consoleStaff(tenantId, ['api-access']))).toBe('forbidden');
    expect(await set(staffCaller({ userId: 'usr_ct_ops', rights: ['api-console'] }))).toBe('forbidden');
    expect(await set(undefined)).toBe('forbidden');
    expect((await recordOf(secret))?.spendingLimits).toEqual({});
  });

  it('when the key is revoked, then conflict', async () => {
    const { key } = await partnerKey();
    await identity.apiAccess.revokeKey({ caller: PLATFORM, id: key.id });
    expect(
      await codeOf(identity.apiAccess.setKeySpendingLimits({ caller: PLATFORM, id: key.id, limits: {} })),
    ).toBe('conflict');
  });
});
