import { displayDay, displayTimestamp } from './index';

describe('partner formats', () => {
  it.each([
    ['2026-12-05', '05 Dec 2026'],
    ['2027-01-31', '31 Jan 2027'],
    ['2026-05-01', '01 May 2026'],
  ])('when the day is %s, then it reads %s', (day, shown) => {
    expect(displayDay(day)).toBe(shown);
  });

  it('when the day is not YYYY-MM-DD, then it throws instead of printing nonsense', () => {
    for (const bad of ['2026-13-01', '5 Dec 2026', '']) expect(() => displayDay(bad)).toThrow();
  });

  it('when a time is shown, then it is UTC to the second, without the T and the zone', () => {
    expect(displayTimestamp(new Date('2026-11-21T23:59:58.999+05:30'))).toBe('2026-11-21 18:29:58');
  });
});
