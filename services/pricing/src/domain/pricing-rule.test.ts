import {
  effectiveDefaults,
  newRuleProblems,
  type RuleSlot,
  resolveRates,
  slotKey,
  slotsFor,
} from './pricing-rule';

const rule = (slot: RuleSlot, bps: number) => ({ ...slot, bps });
const tenantService = rule({ kind: 'margin', tenantId: 'ten_1', service: 'hotel' }, 300);
const tenantGeneral = rule({ kind: 'margin', tenantId: 'ten_1', service: null }, 200);
const platform = rule({ kind: 'margin', tenantId: null, service: null }, 100);

describe('resolveRates', () => {
  it('when rules exist at every level, then the margin is the tenant and service rule, then general, then platform, then config', () => {
    const all = [platform, tenantGeneral, tenantService];
    expect(resolveRates(all, 'ten_1', 'hotel', 500).marginBps).toBe(300);
    expect(resolveRates(all, 'ten_1', 'flight', 500).marginBps).toBe(200);
    expect(resolveRates([platform, tenantService], 'ten_1', 'flight', 500).marginBps).toBe(100);
    expect(resolveRates([tenantService], 'ten_1', 'flight', 500).marginBps).toBe(500);
    expect(resolveRates(all, 'ten_2', 'hotel', 500).marginBps).toBe(100);
    expect(resolveRates(all, null, 'hotel', 500).marginBps).toBe(100);
  });

  it('when no tax or fee rule is stored, then the documented defaults apply per service', () => {
    expect(resolveRates([], null, 'flight', 500)).toEqual({ marginBps: 500, taxBps: 500, feeBps: 200 });
    expect(resolveRates([], null, 'hotel', 500)).toEqual({ marginBps: 500, taxBps: 1200, feeBps: 200 });
    expect(resolveRates([], null, 'car', 500)).toEqual({ marginBps: 500, taxBps: 500, feeBps: 200 });
    expect(resolveRates([], null, 'insurance', 500)).toEqual({ marginBps: 500, taxBps: 1800, feeBps: 0 });
  });

  it('when a tax or fee rule is stored for a service, then it applies to that service only', () => {
    const rules = [
      rule({ kind: 'tax', tenantId: null, service: 'car' }, 0),
      rule({ kind: 'fee', tenantId: null, service: 'car' }, 50),
    ];
    expect(resolveRates(rules, 'ten_1', 'car', 500)).toEqual({ marginBps: 500, taxBps: 0, feeBps: 50 });
    expect(resolveRates(rules, 'ten_1', 'flight', 500)).toEqual({ marginBps: 500, taxBps: 500, feeBps: 200 });
  });
});

describe('slots', () => {
  it('when a tenant asks, then its two margin slots and the platform slots are read; without one, only the platform', () => {
    expect(slotsFor('ten_1', 'car').map(slotKey)).toEqual([
      'margin:ten_1:car',
      'margin:ten_1:*',
      'margin:*:*',
      'tax:*:car',
      'fee:*:car',
    ]);
    expect(slotsFor(null, 'car').map(slotKey)).toEqual(['margin:*:*', 'tax:*:car', 'fee:*:car']);
  });

  it('when rules fill some platform slots, then effective defaults list only the others', () => {
    const stored = [platform, rule({ kind: 'tax', tenantId: null, service: 'hotel' }, 1000), tenantGeneral];
    const defaults = effectiveDefaults(stored, 500);
    expect(defaults).toHaveLength(7);
    expect(defaults.map(slotKey)).not.toContain('margin:*:*');
    expect(defaults.map(slotKey)).not.toContain('tax:*:hotel');
    expect(defaults).toContainEqual({ kind: 'fee', tenantId: null, service: 'insurance', bps: 0 });
    expect(effectiveDefaults([], 650)[0]).toEqual({
      kind: 'margin',
      tenantId: null,
      service: null,
      bps: 650,
    });
  });
});

describe('newRuleProblems', () => {
  const paths = (fields: Parameters<typeof newRuleProblems>[0]) => newRuleProblems(fields).map((p) => p.path);

  it('when a rule fits a slot, then there is no problem', () => {
    expect(paths({ kind: 'margin', bps: 500 })).toEqual([]);
    expect(paths({ kind: 'margin', tenantId: 'ten_1', bps: 0 })).toEqual([]);
    expect(paths({ kind: 'margin', tenantId: 'ten_1', service: 'car', bps: 100_000 })).toEqual([]);
    expect(paths({ kind: 'tax', service: 'hotel', bps: 1200 })).toEqual([]);
    expect(paths({ kind: 'fee', service: 'insurance', bps: 0 })).toEqual([]);
  });

  it('when a field is wrong, then each wrong field is named', () => {
    expect(paths({ kind: 'discount', bps: 1 })).toEqual(['kind']);
    expect(paths({ kind: 'margin', tenantId: 'ten_1', service: 'train', bps: 1 })).toEqual(['service']);
    expect(paths({ kind: 'margin', service: 'car', bps: 1 })).toEqual(['service']);
    expect(paths({ kind: 'tax', bps: 1 })).toEqual(['service']);
    expect(paths({ kind: 'fee', tenantId: 'ten_1', service: 'car', bps: 1 })).toEqual(['tenantId']);
    expect(paths({ kind: 'margin', tenantId: '*', bps: 1 })).toEqual(['tenantId']);
    expect(paths({ kind: 'margin', tenantId: '', bps: 1 })).toEqual(['tenantId']);
    expect(paths({ kind: 'margin', bps: -1 })).toEqual(['bps']);
    expect(paths({ kind: 'margin', bps: 100_001 })).toEqual(['bps']);
    expect(paths({ kind: 'tax', tenantId: 'ten_1', bps: 1.5 })).toEqual(['service', 'tenantId', 'bps']);
  });
});
