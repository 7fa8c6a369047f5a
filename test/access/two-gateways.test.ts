import { waitFor } from '@travel/testkit';
import { bearer, newPartner, platformAdmin } from '../support/admin';
import { gatewayUrl } from '../support/gateway';
import { startSecondGateway } from '../support/second-gateway';

let second: Awaited<ReturnType<typeof startSecondGateway>>;

beforeAll(async () => {
  second = await startSecondGateway(18_081);
});
afterAll(() => second?.stop());

/**
 * How long a revocation may take to reach a gateway here: far above the ~100 ms it takes (docs/access.md), so a busy
 * machine does not fail it, and far below the 60 s the key was just cached for (ACCESS_CACHE_TTL_MS): only the
 * eviction by identity.changes explains a refusal within it.
 */
const REVOCATION_BOUND_MS = 15_000;

const me = (base: string, secret: string) => fetch(`${base}/api/v1/me`, { headers: bearer(secret) });

describe('two gateway processes side by side', () => {
  it('when a key is revoked, then both gateways refuse it long before their cached copy would expire', async () => {
    const admin = await platformAdmin();
    const { key } = await newPartner(admin);
    const gateways = [gatewayUrl(), second.url];
    // Both cache the new key now, on its first use: fresh for the whole TTL.
    for (const base of gateways) expect((await me(base, key.secret)).status).toBe(200);

    await admin.request('POST', `/api/admin/api-access/keys/${key.id}/revoke`);
    await Promise.all(
      gateways.map((base) =>
        waitFor(
          async () =>
            expect({ base, status: (await me(base, key.secret)).status }).toEqual({ base, status: 401 }),
          {
            timeoutMs: REVOCATION_BOUND_MS,
            // Polls stay under the key's default 100 requests per 10 s, so a key never refused shows as 200, not 429.
            intervalMs: 400,
          },
        ),
      ),
    );
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
