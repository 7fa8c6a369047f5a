import { testInfra, waitFor, wireCallers } from '@travel/testkit';
import { type PricingUnderTest, pricingDatabase, startPricing } from './pricing.fixture';

const ACTOR = wireCallers.platformStaff(['pricing'], 'usr_ct_pricing_cache');
const infra = testInfra();
let replicas: PricingUnderTest[] = [];

/** Replicas of the pricing service on one fresh database, each with its own broadcast group. */
async function start(count: number, env: Record<string, string> = {}) {
  const database = pricingDatabase();
  const started: PricingUnderTest[] = [];
  for (let i = 0; i < count; i++) started.push(await startPricing(database, env));
  replicas.push(...started);
  return started;
}

afterEach(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  replicas = [];
});

/** The base amount of 10,000 INR of cars for `ten_r`: 10,000 + margin. */
async function base(replica: PricingUnderTest): Promise<number | undefined> {
  return (await replica.client.quote({ tenantId: 'ten_r', service: 'car', amountPaise: 1_000_000 })).price
    ?.baseAmount;
}
const withMargin = (bps: number) => 10_000 + bps;

/** Creates `ten_r`'s general margin rule through this replica. */
async function createMargin(replica: PricingUnderTest, bps: number) {
  const { rule } = await replica.client.createRule({
    caller: ACTOR,
    kind: 'margin',
    tenantId: 'ten_r',
    bps,
  });
  return rule;
}

/** The store commands a replica's own connection sends, counted by the driver's command monitoring. */
function storeCommands(replica: PricingUnderTest) {
  const seen: string[] = [];
  replica.built.mongo.connection.getClient().on('commandStarted', (event) => {
    seen.push(`${event.commandName} ${String(event.command[event.commandName])}`);
  });
  return seen;
}
/** The test store's address with the driver's command monitoring on (`commandStarted` events). */
const monitoredMongoUrl = infra.mongoUrl.includes('?')
  ? `${infra.mongoUrl}&monitorCommands=true`
  : `${infra.mongoUrl.replace(/\/$/, '')}/?monitorCommands=true`;

describe('pricing: rules in memory, dropped by a broadcast before a change is answered', () => {
  it('when rules are created, updated and deleted through one replica, then the very next quote through another uses them, round after round', async () => {
    const [a, b] = await start(2);
    if (!a || !b) throw new Error('no replicas');
    expect(await a.health('kafka')).toBe('SERVING');
    for (let round = 1; round <= 4; round++) {
      // Either replica changes, the other quotes at once; both caches are warm before every change.
      const [writer, reader] = round % 2 === 1 ? [a, b] : [b, a];
      expect([await base(writer), await base(reader)]).toEqual([withMargin(500), withMargin(500)]);
      const rule = await createMargin(writer, 100 * round);
      expect(await base(reader)).toBe(withMargin(100 * round));
      await writer.client.updateRule({ caller: ACTOR, id: rule?.id ?? '', bps: 1000 + 100 * round });
      expect(await base(reader)).toBe(withMargin(1000 + 100 * round));
      const offers = await reader.client.priceOffers({
        tenantId: 'ten_r',
        service: 'car',
        subtotals: [10_000],
      });
      expect(offers.prices[0]?.baseAmount).toBe(withMargin(1000 + 100 * round));
      await writer.client.deleteRule({ caller: ACTOR, id: rule?.id ?? '' });
      expect(await base(reader)).toBe(withMargin(500));
      expect(await base(writer)).toBe(withMargin(500));
    }
  });

  it('when the rules are warm, then quotes and offers send no command to the store; concurrent misses share one read', async () => {
    const [a, b] = await start(2, { MONGO_URL: monitoredMongoUrl });
    if (!a || !b) throw new Error('no replicas');
    const commands = storeCommands(a);
    const cold = await Promise.all([
      ...Array.from({ length: 20 }, () => base(a)),
      ...Array.from(
        { length: 5 },
        async () =>
          (await a.client.priceOffers({ tenantId: 'ten_r', service: 'car', subtotals: [10_000] })).prices[0]
            ?.baseAmount,
      ),
    ]);
    expect(new Set(cold)).toEqual(new Set([withMargin(500)]));
    expect(commands).toEqual(['find pricing_rules']);
    commands.length = 0;
    for (let i = 0; i < 50; i++) expect(await base(a)).toBe(withMargin(500));
    await a.client.priceOffers({ service: 'hotel', subtotals: [1, 2, 3] });
    expect(commands).toEqual([]);
    // A change through the other replica drops these rules: the next quote reads them once more.
    await createMargin(b, 700);
    expect(await base(a)).toBe(withMargin(700));
    expect(await base(a)).toBe(withMargin(700));
    expect(commands).toEqual(['find pricing_rules']);
  });

  it('when the store cannot be reached after the rules are warm, then quotes still answer while reads fail', async () => {
    const [a] = await start(1);
    if (!a) throw new Error('no replica');
    expect(await base(a)).toBe(withMargin(500));
    await a.built.mongo.connection.close();
    await expect(a.client.listRules({ caller: ACTOR })).rejects.toBeDefined();
    expect(await base(a)).toBe(withMargin(500));
    const { prices } = await a.client.priceOffers({ tenantId: 'ten_r', service: 'car', subtotals: [10_000] });
    expect(prices[0]?.baseAmount).toBe(withMargin(500));
  });

  it('when the changing replica cannot publish, then the change stands, it prices with it at once, and the others follow within the expiry', async () => {
    const [a, b] = await start(2, { RULE_CACHE_TTL_MS: '5000' });
    if (!a || !b) throw new Error('no replicas');
    expect([await base(a), await base(b)]).toEqual([withMargin(500), withMargin(500)]);
    await a.built.publisher.stop(); // this replica's broker connection is gone
    const rule = await createMargin(a, 300);
    expect(rule?.bps).toBe(300);
    expect((await b.client.listRules({ caller: ACTOR })).rules).toEqual([rule]);
    expect(await base(a)).toBe(withMargin(300));
    expect(await base(b)).toBe(withMargin(500)); // no broadcast: b keeps its rules until they expire
    await waitFor(async () => expect(await base(b)).toBe(withMargin(300)), { timeoutMs: 10_000 });
  });

  it('when the changing replica does not hear its own broadcast in time, then it answers after the bound with its rules dropped, and the others heard it', async () => {
    const [a, b] = await start(2, { RULE_BROADCAST_WAIT_MS: '300' });
    if (!a || !b) throw new Error('no replicas');
    expect([await base(a), await base(b)]).toEqual([withMargin(500), withMargin(500)]);
    await a.built.listener.stop();
    const rule = await createMargin(a, 200);
    expect(rule?.bps).toBe(200);
    expect(await base(a)).toBe(withMargin(200));
    expect(await base(b)).toBe(withMargin(200));
  });
});
