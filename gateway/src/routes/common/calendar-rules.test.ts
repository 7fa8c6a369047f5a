import { check } from '../../http/validate';
import { dayFromToday, pastDayAfter1900 } from './calendar-rules';

const utcDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const accepted = (schema: Parameters<typeof check>[0], value: string) => check(schema, value).ok;

describe('days the clock decides', () => {
  const fromToday = dayFromToday('must not be in the past');

  it('when a day is today or later, then it is accepted; yesterday is refused with the words given', () => {
    expect([utcDay(0), utcDay(1), utcDay(400)].map((day) => accepted(fromToday, day))).toEqual([
      true,
      true,
      true,
    ]);
    expect(check(fromToday, utcDay(-1))).toEqual({
      ok: false,
      problems: [{ path: 'body', message: 'must not be in the past' }],
    });
  });

  it('when a day is not a real one, then it is refused', () => {
    expect(['2027-02-30', '2027-2-3', 'tomorrow'].map((day) => accepted(fromToday, day))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('when a date of birth is given, then it is a past day from 1900 on', () => {
    const days = ['1900-01-01', '1990-04-12', utcDay(0), '1899-12-31', utcDay(1), '1990-02-30'];
    expect(days.map((day) => accepted(pastDayAfter1900, day))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
