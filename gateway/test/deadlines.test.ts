import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { pricing } from '@travel/contracts';
import { ALLOWED_PEERS, createGrpcServer, type RequestContext } from '@travel/grpc';
import { metricValue, sampleOf } from '@travel/metrics';
import {
  freePort,
  peerTls,
  peerTlsEnv,
  type ServiceProcess,
  spawnService,
  testInfra,
  testLogger,
  uniqueName,
} from '@travel/testkit';
import { signInAdmin } from '../../deploy/local/src/launcher/admin-api';
import { type AccessHarness, startAccessHarness } from './support/access-harness';

// A partner's search travels gateway → search → pricing. The gateway (with a 1 s budget) and identity run here,
// search is its own OS process (its built dist), and pricing is a server that holds every call until its caller
// cancels it: a service made slow. What pricing's handler sees shows what reached the end of the chain. Search
// asks pricing only for rates it does not hold (CurrentRates, docs/decisions/search-and-pricing.md, "Prices"); this
// pricing never answers, so search never holds any and every search here asks: a cold read model.
const BUDGET_MS = 1000;
/** Search's own cap on its pricing calls (PRICING_DEADLINE_MS, its default): longer than the budget. */
const SEARCH_PRICING_CAP_MS = 3000;
/** The second gateway's budget, for the hang-up: longer than anything the test waits for. */
const LONG_BUDGET_MS = 20_000;

interface HeldCall {
  arrivedAt: number;
  deadline: Date | undefined;
  cancelledAt?: number;
}
const held: HeldCall[] = [];
const slowPricing = createGrpcServer({
  host: '127.0.0.1',
  port: 0,
  logger: testLogger(),
  healthChecks: {},
  // Over mutual TLS as pricing, so search calls it as it calls the real one.
  peers: { tls: peerTls('pricing'), allowed: ALLOWED_PEERS.pricing },
  services: [
    {
      definition: pricing.PricingServiceDefinition,
      // Every method holds until cancelled (or 20 s); search only asks CurrentRates.
      implementation: new Proxy(
        {},
        {
          get: () => async (_request: unknown, context: RequestContext & { signal: AbortSignal }) => {
            const call: HeldCall = { arrivedAt: Date.now(), deadline: context.deadline };
            held.push(call);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 20_000);
              context.signal.addEventListener('abort', () => {
                call.cancelledAt = Date.now();
                clearTimeout(timer);
                resolve();
              });
            });
            return { prices: [] };
          },
        },
      ),
    },
  ],
});

let search: ServiceProcess;
let searchMetrics: string;
let harness: AccessHarness;
let partnerKey: string;

beforeAll(async () => {
  await slowPricing.start();
  const [grpcPort, metricsPort] = [await freePort(), await freePort()];
  searchMetrics = `http://127.0.0.1:${metricsPort}/metrics`;
  search = await spawnService(join(__dirname, '..', '..', 'services', 'search', 'dist', 'main.js'), {
    GRPC_PORT: String(grpcPort),
    ...peerTlsEnv('search'),
    METRICS_PORT: String(metricsPort),
    // Search joins `pricing.changes` before it serves (no change is published here).
    KAFKA_BROKERS: testInfra().kafkaBrokers.join(','),
    KAFKA_NAMESPACE: `${uniqueName('ct_deadlines')}.`,
    PRICING_ADDRESS: `127.0.0.1:${slowPricing.port()}`,
    PRICING_DEADLINE_MS: String(SEARCH_PRICING_CAP_MS),
    OFFER_TOKEN_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string,
  });
  harness = await startAccessHarness([
    { SEARCH_ADDRESS: search.address, REQUEST_BUDGET_MS: String(BUDGET_MS) },
    { SEARCH_ADDRESS: search.address, REQUEST_BUDGET_MS: String(LONG_BUDGET_MS) },
  ]);
  const admin = await signInAdmin(harness.gateways[0] as string);
  const tenant = await admin.createTenant('Deadline agency');
  const client = await admin.createClient('Deadline client', tenant.id);
  partnerKey = (await admin.createKey(client.id)).secret;
});
afterAll(async () => {
  await harness?.stop();
  await search?.kill();
  await slowPricing.stop();
}, 30_000);
beforeEach(() => {
  held.length = 0;
});

const searchFlights = (signal?: AbortSignal, gateway = harness.gateways[0]) =>
  fetch(`${gateway}/api/v1/search/flights`, {
    method: 'POST',
    headers: { authorization: `Bearer ${partnerKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ from: 'DEL', to: 'BOM', departDate: inThirtyDays() }),
    signal,
  });
const inThirtyDays = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
/** grpc_server_cancelled_total of search's SearchFlights, as the search process reports it. */
const searchCancelled = async () =>
  sampleOf(await (await fetch(searchMetrics)).text(), 'grpc_server_cancelled_total', {
    grpc_method: 'SearchFlights',
  });
/** SearchFlights calls search's server finished, whatever their status. */
const searchEnded = async () =>
  sampleOf(await (await fetch(searchMetrics)).text(), 'grpc_server_handled_total', {
    grpc_method: 'SearchFlights',
  });
const pricingCancelled = () => metricValue('grpc_server_cancelled_total', { grpc_method: 'CurrentRates' });

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('one budget per request, down the chain', () => {
  it('when pricing does not answer, then the gateway answers 503 with Retry-After by its budget, and search and pricing see their calls end with it', async () => {
    const [searchBefore, pricingBefore] = [await searchEnded(), await pricingCancelled()];
    const started = Date.now();
    const res = await searchFlights();
    const tookMs = Date.now() - started;
    const body = (await res.json()) as { error: { code: string; requestId: string } };

    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(body.error).toMatchObject({
      code: 'service_unavailable',
      requestId: res.headers.get('x-request-id'),
    });
    // By the 1 s budget, not search's 3 s cap; the gap between the two is the slack a busy machine gets.
    expect(tookMs).toBeGreaterThanOrEqual(BUDGET_MS - 50);
    expect(tookMs).toBeLessThan(SEARCH_PRICING_CAP_MS);
    // Pricing's call carried what was left of the gateway's budget, not search's 3 s cap, and ended with it.
    const [call] = held;
    expect((call?.deadline?.getTime() ?? Infinity) - started).toBeLessThan(SEARCH_PRICING_CAP_MS);
    await waitUntil(() => call?.cancelledAt !== undefined);
    expect((call?.cancelledAt ?? Infinity) - started).toBeLessThan(SEARCH_PRICING_CAP_MS);
    expect(await pricingCancelled()).toBe(pricingBefore + 1);
    // Search's handler ended then too: cancelled, or failed by its pricing call's deadline (the same one, carried
    // on), whichever came first.
    await waitUntil(
      async () => (await searchEnded()) === searchBefore + 1,
      BUDGET_MS + 2000 - (Date.now() - started),
    );
  });

  it('when the client hangs up mid-call, then the calls it started are cancelled down the chain at once, and counted', async () => {
    const [searchBefore, pricingBefore] = [await searchCancelled(), await pricingCancelled()];
    const abandoned = () =>
      metricValue('http_requests_total', { route: '/api/v1/search/flights', method: 'POST', status: '499' });
    const abandonedBefore = await abandoned();
    const hangUp = new AbortController();
    // Through the gateway with a 20 s budget: only the hang-up (or search's 3 s cap, were it lost) can end the call.
    const answer = searchFlights(hangUp.signal, harness.gateways[1]).catch((error: unknown) => error);
    await waitUntil(() => held.length === 1);
    const hungUpAt = Date.now();
    hangUp.abort();
    await answer;

    // Long before that gateway's budget (20 s) or search's cap (3 s): the hang-up itself travelled down.
    await waitUntil(() => held[0]?.cancelledAt !== undefined);
    expect((held[0]?.cancelledAt ?? Infinity) - hungUpAt).toBeLessThan(SEARCH_PRICING_CAP_MS / 2);
    expect(await pricingCancelled()).toBe(pricingBefore + 1);
    await waitUntil(async () => (await searchCancelled()) === searchBefore + 1);
    await waitUntil(async () => (await abandoned()) === abandonedBefore + 1);
  });
});
