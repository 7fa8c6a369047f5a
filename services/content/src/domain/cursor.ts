import { badRequest } from '@travel/errors';

// Opaque to callers: the base64url of `c1:` and the sort key of the last row shown (integers joined by `.`).
const PREFIX = 'c1:';

export const MAX_PAGE = 100;

export function encodeCursor(key: number[]): string {
  return Buffer.from(`${PREFIX}${key.join('.')}`).toString('base64url');
}

/** The sort key a page continues after, of `size` integers; a cursor we did not issue is `400 bad_request`. */
export function decodeCursor(cursor: string | undefined, size: number): number[] | undefined {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const key = text.startsWith(PREFIX) ? text.slice(PREFIX.length).split('.').map(Number) : [];
  if (key.length !== size || !key.every(Number.isSafeInteger) || encodeCursor(key) !== cursor)
    throw badRequest([{ path: 'cursor', message: 'must be a nextCursor returned by this list' }]);
  return key;
}

export function checkLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
    throw badRequest([{ path: 'limit', message: `must be an integer from 1 to ${MAX_PAGE}` }]);
  return limit;
}

/** One page of rows fetched as `limit + 1`: the extra row only says there is more. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => number[]) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : undefined };
}
