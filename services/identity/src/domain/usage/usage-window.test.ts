import { firstRawDay, firstUnfinalisedDay, rollupExpiryOf } from './usage-window';

const window = { rawDays: 3, rollupDays: 400 };

describe('usage window', () => {
  it('when it is some time on 10 March, then raw rows may still be added for 7 March and later', () => {
    expect(firstRawDay(new Date('2026-03-10T00:00:00Z'), window)).toBe('2026-03-07');
    expect(firstRawDay(new Date('2026-03-10T23:59:59Z'), window)).toBe('2026-03-07');
  });

  it('when it is 10 March, then days before 6 March are finalised: one day after rows stopped arriving raw', () => {
    expect(firstUnfinalisedDay(new Date('2026-03-10T12:00:00Z'), window)).toBe('2026-03-06');
  });

  it('when a day is rolled up, then it expires the roll-up retention after the end of that day', () => {
    expect(rollupExpiryOf('2026-03-01', { rawDays: 3, rollupDays: 2 })).toEqual(
      new Date('2026-03-04T00:00:00Z'),
    );
  });
});
