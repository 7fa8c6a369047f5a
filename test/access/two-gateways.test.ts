import { waitFor } from '@travel/testkit';
import { bearer, newPartner, platformAdmin } from '../support/admin';
import { gatewayUrl } from '../support/gateway';
import { startSecondGateway } from '../support/second-gateway';

let second: Awaited<ReturnType<typeof startSecondGateway>>;

beforeAll(async () => {
  second = await startSecondGateway(18_081);
});
afterAll(() => second?.stop());

const me = (base: string, secret: string) => fetch(`${base}/api/v1/me`, { headers: bearer(secret) });

describe('two gateway processes side by side', () => {
  it('when a key is revoked, then both gateways refuse it within one second', async () => {
    const admin = await platformAdmin();
    const { key } = await newPartner(admin);
    const gateways = [gatewayUrl(), second.url];
    // Both have the key cached before the revocation.
    for (const base of gateways) expect((await me(base, key.secret)).status).toBe(200);

    await admin.request('POST', `/api/admin/api-access/keys/${key.id}/revoke`);
    const revokedAt = Date.now();
    const bitAfter = await Promise.all(
      gateways.map(async (base) => {
        await waitFor(async () => expect((await me(base, key.secret)).status).toBe(401), {
          timeoutMs: 5000,
          intervalMs: 20,
        });
        return Date.now() - revokedAt;
      }),
    );
    for (const elapsed of bitAfter) expect(elapsed).toBeLessThan(1000);
  });

  it('when a key allows L requests per window, then exactly L pass across both gateways together', async () => {
    const admin = await platformAdmin();
    const limit = 12;
    const { key } = await newPartner(admin, { rateLimit: { limit, windowSeconds: 60 } });
    const gateways = [gatewayUrl(), second.url];
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        me(gateways[i % 2] as string, key.secret).then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - limit);
  });
});
