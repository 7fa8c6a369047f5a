import { cursorCodec, pageOfRows, readPageQuery } from '@travel/paging';

// Opaque to callers: the base64url of `e1:<last id of the page>`; ids sort by creation (see ids.ts).
const ID = /^[a-z]{3}_[0-9a-z]{9,}[0-9a-f]{12}$/;
const engagementCursors = cursorCodec<string>('e1:', {
  write: (id) => id,
  read: (text) => (ID.test(text) ? text : undefined),
});

export interface PageRequest {
  limit: number;
  /** Continue below this id (newest first). */
  before?: string;
}

/**
 * Checks a page request by the one page-size rule (`@travel/paging`): no page at all is the first page of
 * 25; a limit outside 1..100 (0 included) or a cursor we did not issue is one `400 bad_request` naming each.
 */
export function pageOf(page: { limit: number; cursor?: string } | undefined): PageRequest {
  const { limit, after } = readPageQuery(page ?? {}, engagementCursors);
  return after === undefined ? { limit } : { limit, before: after };
}

export function cursorAfter(lastId: string): string {
  return engagementCursors.encode(lastId);
}

/** Lists fetch one more than asked: if it came, there is a next page, continuing after the last shown. */
export function pageResult<T extends { id: string }>(rows: T[], limit: number) {
  return pageOfRows(rows, limit, (last) => cursorAfter(last.id));
}
