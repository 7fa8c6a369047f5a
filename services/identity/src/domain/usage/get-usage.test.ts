import { dayRangeProblems } from './get-usage';

describe('usage day range', () => {
  it('when the range is 1 to 92 whole UTC days, then it is accepted', () => {
    expect(dayRangeProblems('2026-03-01', '2026-03-01')).toEqual([]);
    expect(dayRangeProblems('2026-01-01', '2026-04-02')).toEqual([]);
  });

  it('when a day is malformed or not in the calendar, then that field is the problem', () => {
    expect(dayRangeProblems('2026-3-1', '2026-02-30').map((problem) => problem.path)).toEqual(['from', 'to']);
  });

  it('when to is before from or the range exceeds 92 days, then to is the problem', () => {
    expect(dayRangeProblems('2026-03-02', '2026-03-01')).toEqual([
      { path: 'to', message: 'Must not be before from.' },
    ]);
    expect(dayRangeProblems('2026-01-01', '2026-04-03')).toEqual([
      { path: 'to', message: 'At most 92 days.' },
    ]);
  });
});
