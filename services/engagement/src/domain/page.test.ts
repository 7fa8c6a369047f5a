import { AppError } from '@travel/errors';
import { newId } from './ids';
import { cursorAfter, pageOf, pageResult } from './page';

describe('pages', () => {
  it('when a page has one row more than asked, then it ends at the limit with a cursor after its last row', () => {
    const rows = ['a', 'b', 'c'].map((n, i) => ({ id: newId('led', new Date(1_700_000_000_000 - i)), n }));
    const page = pageResult(rows, 2);
    expect(page.items.map((row) => row.n)).toEqual(['a', 'b']);
    expect(pageOf({ limit: 2, cursor: page.nextCursor })).toEqual({ limit: 2, before: rows[1]?.id });
    expect(pageResult(rows, 3).nextCursor).toBeUndefined();
  });

  it('when the limit is outside 1..100 or the cursor was not issued by us, then 400 with both fields', () => {
    const error = (() => {
      try {
        pageOf({ limit: 101, cursor: Buffer.from('e1:not-an-id').toString('base64url') });
      } catch (caught) {
        return caught as AppError;
      }
    })();
    expect(error?.code).toBe('bad_request');
    expect(error?.details?.map((d) => d.path)).toEqual(['limit', 'cursor']);
    expect(() => pageOf({ limit: 10, cursor: `${cursorAfter(newId('led', new Date()))}x` })).toThrow(
      AppError,
    );
  });

  it('when no page is sent, then the first page of the documented 25; an explicit limit of 0 is 400', () => {
    expect(pageOf(undefined)).toEqual({ limit: 25 });
    expect(() => pageOf({ limit: 0 })).toThrow(expect.objectContaining({ code: 'bad_request' }));
  });
});
