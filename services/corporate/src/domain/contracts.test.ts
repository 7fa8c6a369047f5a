import type { ContractSupplier } from './contracts';
import { contractRules } from './contracts';
import type { Contract } from './records';

const hotels: ContractSupplier = { status: 'active', services: ['hotel'] };
const rulesWith = (supplier: ContractSupplier | null) => contractRules({ find: async () => supplier });
const input = {
  supplierId: 'sup_1',
  service: 'hotel' as const,
  discountBps: 1200,
  validFrom: '2027-01-01',
  validUntil: '2027-12-31',
};
const stored: Contract = {
  ...input,
  id: 'ctr_1',
  tenantId: 'ten_1',
  reference: null,
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe('contract rules', () => {
  it('when the supplier is missing, inactive or does not supply the service, then bad_request names the field', async () => {
    const fields = rulesWith(hotels).build(input);
    await expect(
      rulesWith(hotels).verify?.({ tenantId: 'ten_1', requestId: 'req_1' }, fields),
    ).resolves.toBeUndefined();
    const cases: [ContractSupplier | null, string][] = [
      [null, 'supplierId'],
      [{ ...hotels, status: 'inactive' }, 'supplierId'],
      [{ ...hotels, services: ['flight'] }, 'service'],
    ];
    for (const [supplier, path] of cases) {
      await expect(
        rulesWith(supplier).verify?.({ tenantId: 'ten_1', requestId: 'req_1' }, fields),
      ).rejects.toMatchObject({
        code: 'bad_request',
        details: [expect.objectContaining({ path })],
      });
    }
  });

  it('when a change keeps the supplier and service, then the supplier is not asked again', async () => {
    const rules = rulesWith(null);
    const fields = rules.merge(stored, { discountBps: 1500 });
    await expect(
      rules.verify?.({ tenantId: 'ten_1', requestId: 'req_1' }, fields, stored),
    ).resolves.toBeUndefined();
  });

  it('when the days do not run forwards, then validUntil is bad_request', () => {
    expect(() => rulesWith(hotels).merge(stored, { validFrom: '2028-01-01' })).toThrow(
      expect.objectContaining({ details: [expect.objectContaining({ path: 'validUntil' })] }),
    );
  });
});
