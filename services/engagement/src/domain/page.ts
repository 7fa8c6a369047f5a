import { badRequest } from '@travel/errors';

// Opaque to callers: the base64url of `e1:<last id of the page>`; ids sort by creation (see ids.ts).
const PREFIX = 'e1:';
const ID = /^[a-z]{3}_[0-9a-z]{9,}[0-9a-f]{12}$/;

export interface PageRequest {
  limit: number;
  /** Continue below this id (newest first). */
  before?: string;
}

/** Checks a page request; a cursor we did not issue, or a limit outside 1..100, is `400 bad_request`. */
export function pageOf(page: { limit: number; cursor?: string } | undefined): PageRequest {
  const limit = page?.limit || 25;
  const problems = [];
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    problems.push({ path: 'limit', message: 'must be an integer from 1 to 100' });
  let before: string | undefined;
  if (page?.cursor !== undefined) {
    const decoded = Buffer.from(page.cursor, 'base64url').toString('utf8');
    before = decoded.slice(PREFIX.length);
    if (!decoded.startsWith(PREFIX) || !ID.test(before) || cursorAfter(before) !== page.cursor)
      problems.push({ path: 'cursor', message: 'must be a nextCursor returned by this list' });
  }
  if (problems.length > 0) throw badRequest(problems);
  return { limit, before };
}

export function cursorAfter(lastId: string): string {
  return Buffer.from(`${PREFIX}${lastId}`).toString('base64url');
}

/** Lists fetch one more than asked: if it came, there is a next page, continuing after the last shown. */
export function pageResult<T extends { id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorAfter(last.id) : undefined };
}
