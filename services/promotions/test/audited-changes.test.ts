import { type AuditTrail, watchAuditTrail } from '@travel/testkit';
import { admin, type Promotions, startPromotions, tenant } from './promotions.fixture';

// Every staff change of a promotion is stored with its audit entry and relayed to `audit.entries`
// (docs/decisions/audit.md); before, the gateway recorded them after the fact.
let promotions: Promotions;
let trail: AuditTrail;
const staff = { ...admin, email: 'promo@example.com', ip: '203.0.113.50', requestId: 'req_ct_promo_audit' };
beforeAll(async () => {
  promotions = await startPromotions();
  trail = await watchAuditTrail(promotions.namespace);
});
afterAll(async () => {
  await trail.stop();
  await promotions.stop();
});

describe('audited promotion changes', () => {
  it('when an offer is created, updated, allocated, unallocated and deleted, then each change has its entry', async () => {
    const now = promotions.clock.now();
    const fields = {
      title: 'Audited offer',
      validFrom: now,
      validUntil: new Date(now.getTime() + 86_400_000),
      audience: 'tenants',
    };
    const { promotion } = await promotions.client.createPromotion({ caller: staff, kind: 'offer', fields });
    const id = promotion?.id ?? '';
    await promotions.client.updatePromotion({
      caller: staff,
      kind: 'offer',
      id,
      fields: { name: 'Renamed' },
    });
    const { allocation } = await promotions.client.allocate({
      caller: staff,
      kind: 'offer',
      promotionId: id,
      holder: tenant(),
    });
    await promotions.client.removeAllocation({
      caller: staff,
      kind: 'offer',
      promotionId: id,
      allocationId: allocation?.id ?? '',
    });
    await promotions.client.deletePromotion({ caller: staff, kind: 'offer', id });
    const entries = await trail.of(id, 5);
    expect(entries.map((entry) => entry.action)).toEqual([
      'offer.created',
      'offer.updated',
      'offer.allocated',
      'offer.allocation_removed',
      'offer.deleted',
    ]);
    expect(entries[0]).toMatchObject({
      targetType: 'offer',
      actorEmail: 'promo@example.com',
      ip: '203.0.113.50',
      requestId: 'req_ct_promo_audit',
    });
    expect(entries[1]?.details).toEqual({ name: 'Renamed' });
    expect(entries[3]?.details).toEqual({ allocationId: allocation?.id });
  });
});
