import { wireCallers } from '@travel/testkit';
import { type PricingUnderTest, pricingDatabase, startPricing } from './pricing.fixture';

const ACTOR = wireCallers.platformStaff(['pricing'], 'usr_ct_pricing_admin');
let replicas: PricingUnderTest[] = [];

/** One or more replicas of the pricing service sharing one fresh database. */
async function start(count = 1, env: Record<string, string> = {}) {
  const database = pricingDatabase();
  for (let i = 0; i < count; i++) replicas.push(await startPricing(database, env));
  return replicas.map((replica) => replica.client);
}

afterEach(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  replicas = [];
});

async function quoteTotal(
  client: PricingUnderTest['client'],
  service: string,
  amountPaise: number,
  tenantId?: string,
) {
  const { price } = await client.quote({ tenantId, service, amountPaise });
  return price;
}

describe('pricing: quotes and defaults', () => {
  it('when no rule is stored, then quotes use the 500 bps margin and the tax and fee defaults of each service', async () => {
    const [client] = await start();
    if (!client) throw new Error('no replica');
    // 1234.5 INR: base 1296.225 → 1296
    expect(await quoteTotal(client, 'hotel', 123_450)).toEqual({
      baseAmount: 1296,
      tax: 156,
      fee: 26,
      total: 1478,
      currency: 'INR',
    });
    expect(await quoteTotal(client, 'flight', 123_450, 'ten_nobody')).toEqual({
      baseAmount: 1296,
      tax: 65,
      fee: 26,
      total: 1387,
      currency: 'INR',
    });
    expect(await quoteTotal(client, 'car', 1_000_000)).toMatchObject({
      baseAmount: 10_500,
      tax: 525,
      fee: 210,
    });
    expect(await quoteTotal(client, 'insurance', 1_000_000)).toMatchObject({
      baseAmount: 10_500,
      tax: 1890,
      fee: 0,
    });
    const { rules, effectiveDefaults } = await client.listRules({ caller: ACTOR });
    expect(rules).toEqual([]);
    expect(effectiveDefaults).toHaveLength(9);
    expect(effectiveDefaults[0]).toEqual({ id: '', kind: 'margin', bps: 500 });
    expect(effectiveDefaults).toContainEqual({ id: '', kind: 'tax', service: 'insurance', bps: 1800 });
  });

  it('when DEFAULT_MARGIN_BPS is configured, then it is the platform default margin', async () => {
    const [client] = await start(1, { DEFAULT_MARGIN_BPS: '1000' });
    if (!client) throw new Error('no replica');
    expect(await quoteTotal(client, 'insurance', 10_000)).toMatchObject({ baseAmount: 110 });
    expect((await client.listRules({ caller: ACTOR })).effectiveDefaults[0]).toMatchObject({
      kind: 'margin',
      bps: 1000,
    });
  });

  it('when service, amount or tenant is invalid, then bad_request names the field', async () => {
    const [client] = await start();
    if (!client) throw new Error('no replica');
    await expect(client.quote({ service: 'train', amountPaise: 0 })).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        { path: 'service', message: expect.any(String) },
        { path: 'amount', message: expect.any(String) },
      ],
    });
    await expect(client.quote({ service: 'car', amountPaise: -5 })).rejects.toMatchObject({
      details: [{ path: 'amount', message: expect.any(String) }],
    });
    await expect(client.quote({ tenantId: '', service: 'car', amountPaise: 5 })).rejects.toMatchObject({
      details: [{ path: 'tenantId', message: expect.any(String) }],
    });
    await expect(client.priceOffers({ service: 'bus', subtotals: [1, -1] })).rejects.toMatchObject({
      code: 'bad_request',
      details: [
        { path: 'service', message: expect.any(String) },
        { path: 'subtotals.1', message: expect.any(String) },
      ],
    });
  });
});

describe('pricing: margin precedence and rule changes', () => {
  it('when rules exist at several levels, then tenant + service beats tenant general beats platform rule beats config', async () => {
    const [client] = await start();
    if (!client) throw new Error('no replica');
    const margin = async (tenantId: string | undefined, service: string) =>
      (await quoteTotal(client, service, 1_000_000, tenantId))?.baseAmount;
    expect(await margin('ten_a', 'flight')).toBe(10_500); // config default 500
    await client.createRule({ caller: ACTOR, kind: 'margin', bps: 100 });
    expect(await margin('ten_a', 'flight')).toBe(10_100); // platform rule
    await client.createRule({ caller: ACTOR, kind: 'margin', tenantId: 'ten_a', bps: 200 });
    expect(await margin('ten_a', 'flight')).toBe(10_200); // tenant general
    await client.createRule({
      caller: ACTOR,
      kind: 'margin',
      tenantId: 'ten_a',
      service: 'flight',
      bps: 300,
    });
    expect(await margin('ten_a', 'flight')).toBe(10_300); // tenant + service
    expect(await margin('ten_a', 'hotel')).toBe(10_200); // another service: the tenant's general margin
    expect(await margin('ten_b', 'flight')).toBe(10_100); // another tenant: the platform rule
    expect(await margin(undefined, 'flight')).toBe(10_100); // no tenant: the platform rule
  });

  it('when a rule is created, updated and deleted through one replica, then the next quote of another replica follows', async () => {
    const [writer, reader] = await start(2);
    if (!writer || !reader) throw new Error('no replicas');
    const total = async () => (await quoteTotal(reader, 'car', 100_000, 'ten_x'))?.total;
    expect(await total()).toBe(1050 + 53 + 21); // 52.5 → 53
    const { rule } = await writer.createRule({ caller: ACTOR, kind: 'tax', service: 'car', bps: 0 });
    expect(await total()).toBe(1050 + 21);
    await writer.updateRule({ caller: ACTOR, id: rule?.id ?? '', bps: 1000 });
    expect(await total()).toBe(1050 + 105 + 21);
    await writer.deleteRule({ caller: ACTOR, id: rule?.id ?? '' });
    expect(await total()).toBe(1050 + 53 + 21);
    const offers = await reader.priceOffers({ tenantId: 'ten_x', service: 'car', subtotals: [1000] });
    expect(offers.prices[0]?.total).toBe(1050 + 53 + 21);
  });
});

describe('pricing: rules', () => {
  it('when rules are created, listed, updated and deleted, then each answer shows the stored rule and defaults step aside', async () => {
    const [client] = await start();
    if (!client) throw new Error('no replica');
    const { rule: created } = await client.createRule({
      caller: ACTOR,
      kind: 'fee',
      service: 'hotel',
      bps: 150,
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^prc_\d+$/),
      kind: 'fee',
      service: 'hotel',
      bps: 150,
      createdAt: expect.any(Date),
      updatedAt: created?.createdAt,
    });
    const margin = (
      await client.createRule({
        caller: ACTOR,
        kind: 'margin',
        tenantId: 'ten_1',
        service: 'car',
        bps: 0,
      })
    ).rule;
    expect(margin).toMatchObject({ kind: 'margin', tenantId: 'ten_1', service: 'car', bps: 0 });
    const listing = await client.listRules({ caller: ACTOR });
    expect(listing.rules).toEqual([created, margin]);
    expect(listing.effectiveDefaults).toHaveLength(8);
    expect(listing.effectiveDefaults).not.toContainEqual(
      expect.objectContaining({ kind: 'fee', service: 'hotel' }),
    );
    const { rule: updated } = await client.updateRule({
      caller: ACTOR,
      id: created?.id ?? '',
      bps: 175,
    });
    expect(updated).toMatchObject({
      id: created?.id,
      kind: 'fee',
      service: 'hotel',
      bps: 175,
      createdAt: created?.createdAt,
    });
    expect(updated?.updatedAt?.getTime()).toBeGreaterThanOrEqual(created?.updatedAt?.getTime() ?? 0);
    await client.deleteRule({ caller: ACTOR, id: created?.id ?? '' });
    const after = await client.listRules({ caller: ACTOR });
    expect(after.rules).toEqual([margin]);
    expect(after.effectiveDefaults).toContainEqual({ id: '', kind: 'fee', service: 'hotel', bps: 200 });
    await expect(client.deleteRule({ caller: ACTOR, id: created?.id ?? '' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(client.updateRule({ caller: ACTOR, id: 'prc_999999', bps: 1 })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('when a slot already has a rule, then another rule for it is conflict, also when created concurrently', async () => {
    const [client] = await start();
    if (!client) throw new Error('no replica');
    await client.createRule({ caller: ACTOR, kind: 'margin', tenantId: 'ten_1', bps: 100 });
    await expect(
      client.createRule({ caller: ACTOR, kind: 'margin', tenantId: 'ten_1', bps: 200 }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    const racing = await Promise.allSettled(
      [1, 2, 3, 4].map((bps) => client.createRule({ caller: ACTOR, kind: 'tax', service: 'flight', bps })),
    );
    expect(racing.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of racing) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'conflict' });
    }
    const { rules } = await client.listRules({ caller: ACTOR });
    expect(rules.filter((rule) => rule.kind === 'tax')).toHaveLength(1);
    // A different slot of the same tenant is no conflict.
    await client.createRule({
      caller: ACTOR,
      kind: 'margin',
      tenantId: 'ten_1',
      service: 'flight',
      bps: 300,
    });
  });

  it('when a rule is invalid, then bad_request names each field and nothing is stored', async () => {
    const [client] = await start();
    if (!client) throw new Error('no replica');
    const problems = async (request: Parameters<typeof client.createRule>[0]) => {
      const error = await client.createRule(request).then(
        () => null,
        (thrown: { code?: string; details?: { path: string }[] }) => thrown,
      );
      expect(error?.code).toBe('bad_request');
      return error?.details?.map((detail) => detail.path);
    };
    expect(await problems({ caller: ACTOR, kind: 'bonus', bps: 1 })).toEqual(['kind']);
    expect(await problems({ caller: ACTOR, kind: 'tax', bps: 1 })).toEqual(['service']);
    expect(await problems({ caller: ACTOR, kind: 'fee', tenantId: 'ten_1', service: 'car', bps: 1 })).toEqual(
      ['tenantId'],
    );
    expect(await problems({ caller: ACTOR, kind: 'margin', service: 'car', bps: 1 })).toEqual(['service']);
    expect(
      await problems({ caller: ACTOR, kind: 'margin', tenantId: 'ten_1', service: 'ship', bps: 1 }),
    ).toEqual(['service']);
    expect(await problems({ caller: ACTOR, kind: 'margin', bps: 100_001 })).toEqual(['bps']);
    expect(await problems({ caller: ACTOR, kind: 'margin', bps: -1 })).toEqual(['bps']);
    expect((await client.listRules({ caller: ACTOR })).rules).toEqual([]);
    const { rule } = await client.createRule({ caller: ACTOR, kind: 'margin', bps: 100_000 });
    await expect(
      client.updateRule({ caller: ACTOR, id: rule?.id ?? '', bps: 100_001 }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [{ path: 'bps', message: expect.any(String) }],
    });
    expect((await client.listRules({ caller: ACTOR })).rules).toEqual([rule]);
  });
});

describe('pricing: offers', () => {
  it('when many subtotals are priced in one call, then the prices come in their order with the same rules as a quote', async () => {
    const [client] = await start();
    if (!client) throw new Error('no replica');
    await client.createRule({
      caller: ACTOR,
      kind: 'margin',
      tenantId: 'ten_o',
      service: 'hotel',
      bps: 1000,
    });
    const subtotals = [5000, 0, 12_345, 1, 999_999, 5000];
    const { prices } = await client.priceOffers({ tenantId: 'ten_o', service: 'hotel', subtotals });
    expect(prices).toHaveLength(subtotals.length);
    for (const [index, subtotal] of subtotals.entries()) {
      if (subtotal > 0)
        expect(prices[index]).toEqual(await quoteTotal(client, 'hotel', subtotal * 100, 'ten_o'));
    }
    expect(prices[0]).toEqual({ baseAmount: 5500, tax: 660, fee: 110, total: 6270, currency: 'INR' });
    expect(prices[1]).toEqual({ baseAmount: 0, tax: 0, fee: 0, total: 0, currency: 'INR' });
    expect((await client.priceOffers({ service: 'hotel', subtotals: [] })).prices).toEqual([]);
  });
});
