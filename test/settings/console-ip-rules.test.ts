import { waitFor } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { registerCustomer } from '../support/customers';
import { type ApiResponse, callFrom, expectDocumented, gatewayUrl } from '../support/gateway';
import { startSecondGateway } from '../support/second-gateway';

/**
 * The whole 127.0.0.0/8 is this machine's loopback, so a request sent from 127.0.0.2 reaches the gateway
 * with that peer address: a second caller without any proxy header. The administrator works from 127.0.0.1.
 */
const ADMIN_ADDRESS = '127.0.0.1';
const OTHER_ADDRESS = '127.0.0.2';
/**
 * How long a rule change may take to reach a gateway here: far above the ~100 ms an identity.changes event takes
 * (docs/access.md), so a busy machine does not fail it, and far below the 60 s a gateway keeps the rules cached
 * (ACCESS_CACHE_TTL_MS). The second gateway starts with this suite and first reads the rules in it, so its copy is
 * fresh: only the eviction by identity.changes explains it seeing a change within the bound.
 */
const CHANGE_BOUND_MS = 15_000;

let second: Awaited<ReturnType<typeof startSecondGateway>>;
let admin: AdminApi;
const staff = () => ({ authorization: `Bearer ${admin.token}` });
const gateways = () => [gatewayUrl(), second.url];

/** A console call from the administrator's address, documented whatever its status. */
async function asAdmin(method: string, path: string, body?: unknown): Promise<ApiResponse> {
  const res = await callFrom(ADMIN_ADDRESS, gatewayUrl(), method, path, { headers: staff(), body });
  await expectDocumented(method, path, res);
  return res;
}
const addRule = (action: 'allow' | 'deny', cidr: string) =>
  asAdmin('POST', '/api/admin/settings/ip-rules', { action, cidr, note: 'e2e' });
const ruleId = (res: ApiResponse) => (res.body as { data: { id: string } }).data.id;

/** Deny rules first, then allow rules newest first, so no step locks the administrator out. */
async function removeAllRules() {
  const list = await asAdmin('GET', '/api/admin/settings/ip-rules');
  const rules = (list.body as { data: { id: string; action: string }[] }).data;
  const ordered = [
    ...rules.filter((r) => r.action === 'deny'),
    ...rules.filter((r) => r.action === 'allow').reverse(),
  ];
  for (const rule of ordered)
    expect((await asAdmin('DELETE', `/api/admin/settings/ip-rules/${rule.id}`)).status).toBe(200);
}

/** Staff `me` from an address on a gateway: the console answer that address gets. */
const consoleStatus = async (from: string, base: string) =>
  (await callFrom(from, base, 'GET', '/api/admin/auth/me', { headers: staff() })).status;

/** Waits until the console answers this status to an address on every gateway, within CHANGE_BOUND_MS. */
const consoleAnswersEverywhere = (from: string, status: number) =>
  Promise.all(
    gateways().map((base) =>
      waitFor(
        async () => expect({ base, status: await consoleStatus(from, base) }).toEqual({ base, status }),
        { timeoutMs: CHANGE_BOUND_MS, intervalMs: 20 },
      ),
    ),
  );

beforeAll(async () => {
  second = await startSecondGateway(18_082);
  admin = await platformAdmin();
  await removeAllRules();
}, 60_000);
// Never leave rules behind: a later suite would find its consoles closed.
afterAll(async () => {
  if (admin) await removeAllRules();
  await second?.stop();
}, 30_000);

describe('console IP rules on two gateways', () => {
  it('when an allow rule excludes an address, then both gateways refuse it the consoles long before their cached rules expire, sign-in included', async () => {
    for (const base of gateways()) expect(await consoleStatus(OTHER_ADDRESS, base)).toBe(200);
    const created = await addRule('allow', `${ADMIN_ADDRESS}/32`);
    expect(created.status).toBe(201);
    await consoleAnswersEverywhere(OTHER_ADDRESS, 403);
    for (const base of gateways()) {
      const refused = await callFrom(OTHER_ADDRESS, base, 'POST', '/api/admin/auth/login', {
        body: { email: 'admin@partner-travel.local', password: 'admin-demo-2026' },
      });
      await expectDocumented('POST', '/api/admin/auth/login', refused);
      expect(refused.status).toBe(403);
      expect((refused.body as { error: { code: string } }).error.code).toBe('forbidden');
      // The administrator's own address still works, and the storefront is not a console.
      expect(await consoleStatus(ADMIN_ADDRESS, base)).toBe(200);
    }
    const customer = await registerCustomer();
    expect(
      (await callFrom(OTHER_ADDRESS, second.url, 'GET', '/api/profile', { headers: customer.headers }))
        .status,
    ).toBe(200);

    expect((await asAdmin('DELETE', `/api/admin/settings/ip-rules/${ruleId(created)}`)).status).toBe(200);
    await consoleAnswersEverywhere(OTHER_ADDRESS, 200);
  });

  it('when an address is both allowed and denied, then deny wins on both gateways', async () => {
    expect((await addRule('allow', '127.0.0.0/8')).status).toBe(201);
    await consoleAnswersEverywhere(OTHER_ADDRESS, 200);
    expect((await addRule('deny', `${OTHER_ADDRESS}/32`)).status).toBe(201);
    await consoleAnswersEverywhere(OTHER_ADDRESS, 403);
    for (const base of gateways()) expect(await consoleStatus(ADMIN_ADDRESS, base)).toBe(200);
    await removeAllRules();
  });

  it('when a rule would lock out the address saving it, then 409 and nothing changes', async () => {
    const denySelf = await addRule('deny', ADMIN_ADDRESS);
    expect(denySelf.status).toBe(409);
    expect((denySelf.body as { error: { code: string } }).error.code).toBe('conflict');
    const allowElsewhere = await addRule('allow', '10.0.0.0/8');
    expect(allowElsewhere.status).toBe(409);
    const list = await asAdmin('GET', '/api/admin/settings/ip-rules');
    expect((list.body as { data: unknown[] }).data).toHaveLength(0);

    // Removing the only allow rule that admits the administrator while another remains is refused too.
    const own = await addRule('allow', '127.0.0.0/8');
    expect((await addRule('allow', '10.0.0.0/8')).status).toBe(201);
    const removeOwn = await asAdmin('DELETE', `/api/admin/settings/ip-rules/${ruleId(own)}`);
    expect(removeOwn.status).toBe(409);
    const unknown = await asAdmin('DELETE', '/api/admin/settings/ip-rules/ipr_unknown');
    expect(unknown.status).toBe(404);
    const bad = await asAdmin('POST', '/api/admin/settings/ip-rules', { action: 'allow', cidr: '300.1.1.1' });
    expect(bad.status).toBe(400);
    await removeAllRules();
  });
});
