import { spendingLimitsProblems } from './spending-limits';

describe('spending limits', () => {
  it('when both limits are null or whole rupees in range with the per-booking one within the daily one, then there is no problem', () => {
    expect(spendingLimitsProblems({ dailyLimit: null, perBookingLimit: null })).toEqual([]);
    expect(spendingLimitsProblems({ dailyLimit: 1_000_000_000, perBookingLimit: 1 })).toEqual([]);
    expect(spendingLimitsProblems({ dailyLimit: 500, perBookingLimit: 500 })).toEqual([]);
    expect(spendingLimitsProblems({ dailyLimit: null, perBookingLimit: 5 })).toEqual([]);
  });

  it('when both are out of range or fractional, then each is listed by its path', () => {
    expect(spendingLimitsProblems({ dailyLimit: 0, perBookingLimit: 2.5 }).map((p) => p.path)).toEqual([
      'dailyLimit',
      'perBookingLimit',
    ]);
    expect(spendingLimitsProblems({ dailyLimit: 1_000_000_001, perBookingLimit: -1 })).toHaveLength(2);
  });

  it('when the per-booking limit is more than the daily one, then perBookingLimit is the problem', () => {
    expect(spendingLimitsProblems({ dailyLimit: 100, perBookingLimit: 101 })).toEqual([
      { path: 'perBookingLimit', message: 'Must not be more than dailyLimit.' },
    ]);
  });
});
