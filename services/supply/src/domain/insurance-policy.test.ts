import { premiumPaiseOf } from './insurance-policy';

describe('insurance premiums', () => {
  it('when the coverage and rate are whole numbers, then the premium in paise is exact, rounded half up', () => {
    expect(premiumPaiseOf(500_000, 150)).toBe(750_000); // ₹7,500 on ₹5 lakh at 1.5 %
    expect(premiumPaiseOf(12_345, 1)).toBe(123); // 123.45 paise → 123
    expect(premiumPaiseOf(50, 1)).toBe(1); // 0.5 paise → 1
    expect(premiumPaiseOf(1_000_000_000, 10_000)).toBe(100_000_000_000);
  });
});
