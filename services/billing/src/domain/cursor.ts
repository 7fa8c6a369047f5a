import { badRequest } from '@travel/errors';

// Opaque to callers: the base64url of `i1:<invoice number n>`; the version lets the format change later.
const PREFIX = 'i1:';

export const MAX_PAGE = 100;

export function encodeCursor(beforeN: number): string {
  return Buffer.from(`${PREFIX}${beforeN}`).toString('base64url');
}

/** The `n` a page continues below; a cursor we did not issue is `400 bad_request`. */
export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const n = Number(Buffer.from(cursor, 'base64url').toString('utf8').slice(PREFIX.length));
  if (!Number.isSafeInteger(n) || n < 1 || encodeCursor(n) !== cursor)
    throw badRequest([{ path: 'cursor', message: 'must be a nextCursor returned by this list' }]);
  return n;
}

export function checkLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
    throw badRequest([{ path: 'limit', message: `must be an integer from 1 to ${MAX_PAGE}` }]);
  return limit;
}
