/** One page as a list answers it: its rows and, unless it is the last, where the next one starts. */
export interface WalkedPage<T> {
  rows: T[];
  nextCursor?: string | undefined;
}

/**
 * Every row of a paged list, read `limit` at a time from the first page to the last, checking the paging
 * contract on the way: no page holds more than `limit` rows, a page with a next cursor is full, and the
 * walk ends (a list that kept answering cursors past `maxPages` fails the test).
 */
export async function walkPages<T>(
  read: (cursor: string | undefined) => Promise<WalkedPage<T>>,
  limit: number,
  maxPages = 1000,
): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let pages = 1; pages <= maxPages; pages++) {
    const page = await read(cursor);
    if (page.rows.length > limit) throw new Error(`page ${pages}: ${page.rows.length} rows, limit ${limit}`);
    if (page.nextCursor && page.rows.length !== limit)
      throw new Error(`page ${pages}: a next cursor after ${page.rows.length} rows, limit ${limit}`);
    rows.push(...page.rows);
    if (!page.nextCursor) return { rows, pages };
    cursor = page.nextCursor;
  }
  throw new Error(`more than ${maxPages} pages`);
}
