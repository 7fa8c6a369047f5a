import { AppError } from '@travel/errors';
import { numberCursor } from './cursor-codec';
import { checkPageQuery, PAGE_SIZE, pageOfRows, readPage, readPageQuery } from './page-query';

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
    expect(readPageQuery({}, cursors)).not.toHaveProperty('after');
  });

  it.each([0, -1, 101, 2.5, Number.NaN])('when the limit is %p, then 400 naming limit', (limit) => {
    expect(problemsOf(() => readPageQuery({ limit }, cursors))).toEqual({
      code: 'bad_request',
      paths: ['limit'],
    });
    expect(checkPageQuery({ limit }, cursors).problems).toEqual([
      { path: 'limit', message: 'must be an integer from 1 to 100' },
    ]);
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

  it('when a list answers a whole directory by default, then no limit means its default and 0 is still refused', () => {
    expect(readPageQuery({}, cursors, { defaultLimit: PAGE_SIZE.max })).toEqual({ limit: 100 });
    expect(problemsOf(() => readPageQuery({ limit: 0 }, cursors, { defaultLimit: 100 }))?.paths).toEqual([
      'limit',
    ]);
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

  it('when the limit is not 2, then the cursor still names the last row shown', () => {
    expect(pageOfRows([...rows, { n: 2 }], 3, after)).toEqual({
      items: rows,
      nextCursor: cursors.encode(3),
    });
  });

  it('when no more rows than the limit came, then it is the last page: no cursor', () => {
    expect(pageOfRows(rows, 3, after)).toEqual({ items: rows });
    expect(pageOfRows(rows, 3, after)).not.toHaveProperty('nextCursor');
    expect(pageOfRows([], 3, after)).toEqual({ items: [] });
  });
});

describe('read page', () => {
  const rows = [5, 4, 3, 2, 1].map((n) => ({ n }));
  const read = async (after: number | undefined, count: number) =>
    rows.filter((row) => after === undefined || row.n < after).slice(0, count);

  it('when a list is walked page by page, then each row comes once and the last page has no cursor', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await readPage({ limit: 2, cursor }, cursors, read, (row) => row.n);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((row) => row.n));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([5, 4, 3, 2, 1]);
  });

  it('when the query is bad, then nothing is read', async () => {
    const reads = jest.fn(read);
    await expect(readPage({ limit: 0 }, cursors, reads, (row) => row.n)).rejects.toThrow(AppError);
    expect(reads).not.toHaveBeenCalled();
  });
});
