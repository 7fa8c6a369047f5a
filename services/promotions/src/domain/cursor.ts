import { badRequest } from '@travel/errors';

// Opaque to callers: the base64url of `p1:<promotion number n>`; the version lets the format change later.
const PREFIX = 'p1:';

export const encodeCursor = (beforeN: number) => Buffer.from(`${PREFIX}${beforeN}`).toString('base64url');

/** The page a list request asks for; a cursor we did not issue, or a limit outside 1..100, is `400`. */
export function pageOf(limit: number, cursor: string | undefined): { limit: number; beforeN?: number } {
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw badRequest([{ path: 'limit', message: 'must be an integer from 1 to 100' }]);
  if (cursor === undefined) return { limit };
  const beforeN = Number(Buffer.from(cursor, 'base64url').toString('utf8').slice(PREFIX.length));
  if (!Number.isSafeInteger(beforeN) || beforeN < 1 || encodeCursor(beforeN) !== cursor)
    throw badRequest([{ path: 'cursor', message: 'must be a nextCursor returned by this list' }]);
  return { limit, beforeN };
}
