import { issueApiKey } from '@travel/api-keys';
import { signInAdmin } from '../../deploy/local/src/launcher/admin-api';
import { type AccessHarness, startAccessHarness } from './support/access-harness';

// Two gateways on the same identity and Redis, both reached through this test as their proxy (127.0.0.1): one trusts
// it (TRUSTED_PROXIES, what the chart's ingress.trustedProxies renders), the other does not.
const limit = { KEY_FAILURES_PER_ADDRESS: '3', KEY_FAILURE_WINDOW_SECONDS: '120' };
let harness: AccessHarness;
let goodKey: string;

beforeAll(async () => {
  harness = await startAccessHarness([{ ...limit, TRUSTED_PROXIES: '127.0.0.1/32' }, limit]);
  const admin = await signInAdmin(harness.gateways[0] as string);
  const client = await admin.createClient('Proxied partner', null);
  goodKey = (await admin.createKey(client.id)).secret;
});
afterAll(() => harness?.stop(), 30_000);

/** A partner behind the proxy: the proxy forwards its address. */
const me = (gateway: string, key: string, partnerAddress: string) =>
  fetch(`${gateway}/api/v1/me`, {
    headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': partnerAddress },
  });

/** Partner A sends made-up keys until refused; then partner B calls with its good key. */
async function oneRefusedPartnerThenAnother(gateway: string, a: string, b: string) {
  const aStatuses = [];
  for (let i = 0; i < 4; i++) aStatuses.push((await me(gateway, issueApiKey('live').secret, a)).status);
  return { aStatuses, bStatus: (await me(gateway, goodKey, b)).status };
}

describe('failed-key windows behind a proxy', () => {
  it('when the proxy is trusted, then two partners have windows of their own: one partner’s bad keys do not refuse the other', async () => {
    const trusting = harness.gateways[0] as string;
    expect(await oneRefusedPartnerThenAnother(trusting, '203.0.113.31', '203.0.113.32')).toEqual({
      aStatuses: [401, 401, 401, 429],
      bStatus: 200,
    });
  });

  it('when the proxy is not trusted, then every partner has the proxy’s address and they share one window', async () => {
    const untrusting = harness.gateways[1] as string;
    expect(await oneRefusedPartnerThenAnother(untrusting, '203.0.113.41', '203.0.113.42')).toEqual({
      aStatuses: [401, 401, 401, 429],
      bStatus: 429,
    });
  });
});
