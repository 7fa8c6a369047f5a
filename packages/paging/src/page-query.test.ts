import { AppError } from '@travel/errors';
import { numberCursor } from './cursor-codec';
import { checkPageQuery, PAGE_SIZE, pageOfRows, readPageQuery } from './page-query';

const cursors = numberCursor('t1:');

const problemsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, paths: error.details?.map((d) => d.path) };
    throw error;
  }
  return undefined;
};

describe('page query', () => {
  it('when no limit is sent, then the page has the documented default of 25', () => {
    expect(PAGE_SIZE).toEqual({ default: 25, max: 100 });
    expect(readPageQuery({}, cursors)).toEqual({ limit: 25 });
  });

  it.each([0, -1, 101, 2.5, Number.NaN])('when the limit is %p, then 400 naming limit', (limit) => {
    expect(problemsOf(() => readPageQuery({ limit }, cursors))).toEqual({
      code: 'bad_request',
      paths: ['limit'],
    });
  });

  it('when both the limit and the cursor are bad, then one 400 names both', () => {
    expect(problemsOf(() => readPageQuery({ limit: 0, cursor: 'nope' }, cursors))).toEqual({
      code: 'bad_request',
      paths: ['limit', 'cursor'],
    });
    const status = { path: 'status', message: 'must be one of a, b' };
    const checked = checkPageQuery({ limit: 0, cursor: 'nope' }, cursors, [status]);
    expect(checked.problems.map((problem) => problem.path)).toEqual(['limit', 'status', 'cursor']);
  });

  it('when the limit is 1 or 100 and the cursor is ours, then the page continues after its position', () => {
    expect(readPageQuery({ limit: 1, cursor: cursors.encode(9) }, cursors)).toEqual({ limit: 1, after: 9 });
    expect(readPageQuery({ limit: 100 }, cursors)).toEqual({ limit: 100 });
  });
});

describe('page of rows', () => {
  const rows = [{ n: 5 }, { n: 4 }, { n: 3 }];
  const after = (row: { n: number }) => cursors.encode(row.n);

  it('when one row more than the limit came, then the page ends at the limit with a cursor after its last row', () => {
    expect(pageOfRows(rows, 2, after)).toEqual({
      items: [{ n: 5 }, { n: 4 }],
      nextCursor: cursors.encode(4),
    });
  });

  it('when no more rows than the limit came, then it is the last page: no cursor', () => {
    expect(pageOfRows(rows, 3, after)).toEqual({ items: rows });
    expect(pageOfRows(rows, 3, after)).not.toHaveProperty('nextCursor');
    expect(pageOfRows([], 3, after)).toEqual({ items: [] });
  });
});
