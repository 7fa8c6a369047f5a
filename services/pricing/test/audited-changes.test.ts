import { type AuditTrail, watchAuditTrail, wireCallers } from '@travel/testkit';
import { namespace, type PricingUnderTest, pricingDatabase, startPricing } from './pricing.fixture';

// Rule changes are stored with their audit entries and relayed to `audit.entries` (docs/decisions/audit.md);
// before, they were log lines only.
let pricing: PricingUnderTest;
let trail: AuditTrail;
const staff = {
  ...wireCallers.platformStaff(['pricing'], 'usr_ct_pricing_audit'),
  email: 'rates@example.com',
  ip: '198.51.100.77',
  requestId: 'req_ct_pricing_audit',
};
beforeAll(async () => {
  pricing = await startPricing(pricingDatabase());
  trail = await watchAuditTrail(namespace);
});
afterAll(async () => {
  await trail.stop();
  await pricing.stop();
});

describe('audited rule changes', () => {
  it('when a rule is created, updated and deleted, then each change has its entry, the update naming the rate before', async () => {
    const created = (
      await pricing.client.createRule({ caller: staff, kind: 'margin', tenantId: 'ten_audit', bps: 150 })
    ).rule;
    const id = created?.id ?? '';
    await pricing.client.updateRule({ caller: staff, id, bps: 275 });
    await pricing.client.deleteRule({ caller: staff, id });
    const entries = await trail.of(id, 3);
    expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
      ['pricing_rule.created', { kind: 'margin', tenantId: 'ten_audit', service: null, bps: 150 }],
      [
        'pricing_rule.updated',
        { kind: 'margin', tenantId: 'ten_audit', service: null, bps: 275, previousBps: 150 },
      ],
      ['pricing_rule.deleted', { kind: 'margin', tenantId: 'ten_audit', service: null, bps: 275 }],
    ]);
    expect(entries[0]).toMatchObject({
      actorUserId: 'usr_ct_pricing_audit',
      actorEmail: 'rates@example.com',
      ip: '198.51.100.77',
      requestId: 'req_ct_pricing_audit',
    });
    // The slot is free again once the delete is answered.
    await pricing.client.createRule({ caller: staff, kind: 'margin', tenantId: 'ten_audit', bps: 100 });
  });
});
