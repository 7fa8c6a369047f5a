import type { Page, PageQuery } from './types';

/**
 * Every item of a cursor-paged list, fetching the next page only when the previous one is used up:
 * `for await (const booking of client.bookings()) { ... }`. Stop early with `break`.
 */
export async function* paginate<T>(
  fetchPage: (query: PageQuery) => Promise<Page<T>>,
  query: PageQuery = {},
): AsyncGenerator<T, void, undefined> {
  let cursor = query.cursor;
  for (;;) {
    const page = await fetchPage({ ...query, cursor });
    yield* page.data;
    if (!page.hasMore || page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}
