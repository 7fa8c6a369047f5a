import { failureOf, uniqueName, walkPages } from '@travel/testkit';
import { type Billing, staff, startBilling } from './billing.fixture';

// ListPaymentGateways page by page: oldest first by number, limit 1 to 100 (100 when absent).
let world: Billing;

beforeAll(async () => {
  world = await startBilling();
});
afterAll(async () => {
  await world?.stop();
});

const createSimulated = async () =>
  (
    await world.gateways.createPaymentGateway({
      caller: staff,
      provider: 'simulated',
      displayName: uniqueName('Simulated'),
      credentials: {},
    })
  ).gateway?.id ?? '';

describe('payment gateways, page by page', () => {
  it('when the gateways are walked two at a time, then each comes once, oldest first, and the default is marked on its page', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await createSimulated());
    await world.gateways.setDefaultPaymentGateway({ caller: staff, id: made[3] ?? '' });

    const { rows, pages } = await walkPages(async (cursor) => {
      const page = await world.gateways.listPaymentGateways({ caller: staff, limit: 2, cursor });
      return { rows: page.gateways, nextCursor: page.nextCursor };
    }, 2);
    const ids = rows.map((gateway) => gateway.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => made.includes(id))).toEqual(made);
    const numbers = ids.map((id) => Number(id.replace('pgw_', '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(rows.filter((gateway) => gateway.isDefault).map((gateway) => gateway.id)).toEqual([made[3]]);
    expect(pages).toBe(Math.ceil(ids.length / 2));

    const whole = await world.gateways.listPaymentGateways({ caller: staff });
    expect(whole.gateways.map((gateway) => gateway.id)).toEqual(ids);
    expect(whole.nextCursor).toBeUndefined();
  });

  it('when a limit or a cursor is bad, then bad_request names each', async () => {
    expect(
      await failureOf(world.gateways.listPaymentGateways({ caller: staff, limit: 0, cursor: 'x' })),
    ).toEqual({
      code: 'bad_request',
      paths: ['limit', 'cursor'],
    });
    expect(await failureOf(world.gateways.listPaymentGateways({ caller: staff, limit: 101 }))).toEqual({
      code: 'bad_request',
      paths: ['limit'],
    });
  });
});
