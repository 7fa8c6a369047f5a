import { spendingDayOf } from './key-spending';

describe('the spending day', () => {
  it('when it is any moment of a UTC day, then the day is that date and it resets at the next UTC midnight', () => {
    expect(spendingDayOf(new Date('2026-11-26T00:00:00.000Z'))).toEqual({
      day: '2026-11-26',
      resetsAt: new Date('2026-11-27T00:00:00.000Z'),
    });
    expect(spendingDayOf(new Date('2026-11-26T23:59:59.999Z'))).toEqual({
      day: '2026-11-26',
      resetsAt: new Date('2026-11-27T00:00:00.000Z'),
    });
    // 05:00 in India on the 27th is still the 26th in UTC.
    expect(spendingDayOf(new Date('2026-11-27T05:00:00+05:30')).day).toBe('2026-11-26');
  });

  it('when the month or year ends, then the reset is the first of the next', () => {
    expect(spendingDayOf(new Date('2026-12-31T18:00:00Z')).resetsAt).toEqual(
      new Date('2027-01-01T00:00:00Z'),
    );
  });
});
