import { numberCursor, pageOfRows, readPageQuery } from '@travel/paging';

// Every supply list is newest first by the record's number `n`; its cursor is `s1:<n of the last row shown>`.
const supplyCursors = numberCursor('s1:');

/** Reads `limit + 1` rows below the cursor: the extra one only says there is more. */
export async function readPage<T extends { n: number }>(
  request: { limit: number; cursor?: string },
  read: (beforeN: number | undefined, count: number) => Promise<T[]>,
): Promise<{ rows: T[]; nextCursor: string | undefined }> {
  const { limit, after } = readPageQuery(request, supplyCursors);
  const page = pageOfRows(await read(after, limit + 1), limit, (last) => supplyCursors.encode(last.n));
  return { rows: page.items, nextCursor: page.nextCursor };
}
