import { codeOf, wireCallers } from '@travel/testkit';
import { type PricingUnderTest, pricingDatabase, startPricing } from './pricing.fixture';

// Fail closed (issue 30): the rules are the platform's configuration; a call without a caller, from tenant
// staff or from staff without the right `pricing` is refused and changes no rule.
let pricing: PricingUnderTest;
const editor = wireCallers.platformStaff(['pricing']);

beforeAll(async () => {
  pricing = await startPricing(pricingDatabase());
});
afterAll(async () => {
  await pricing?.stop();
});

describe('pricing rule callers', () => {
  it('when rules are read or changed without a caller, by tenant staff or without the right, then refused and unchanged', async () => {
    const { client } = pricing;
    const { rule } = await client.createRule({ caller: editor, kind: 'margin', tenantId: 'ten_x', bps: 300 });
    const id = rule?.id ?? '';
    const strangers = [
      undefined,
      wireCallers.tenantStaff('ten_x', ['pricing']),
      wireCallers.platformStaff(['bookings']),
    ];
    for (const caller of strangers) {
      expect(await codeOf(client.listRules({ caller }))).toBe('forbidden');
      expect(await codeOf(client.createRule({ caller, kind: 'margin', tenantId: 'ten_y', bps: 1 }))).toBe(
        'forbidden',
      );
      expect(await codeOf(client.updateRule({ caller, id, bps: 1 }))).toBe('forbidden');
      expect(await codeOf(client.deleteRule({ caller, id }))).toBe('forbidden');
    }
    expect((await client.listRules({ caller: editor })).rules).toEqual([rule]);
  });
});
