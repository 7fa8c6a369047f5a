import { badRequest } from '@travel/errors';

// Every supply list is newest first by the record's number `n`. The cursor is opaque to callers: the base64url
// of `s1:<n of the last row shown>`.
const PREFIX = 's1:';
const MAX_PAGE = 100;

export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const n = Number(Buffer.from(cursor, 'base64url').toString('utf8').slice(PREFIX.length));
  if (!Number.isSafeInteger(n) || n < 1 || encodeCursor(n) !== cursor)
    throw badRequest([{ path: 'cursor', message: 'must be a nextCursor returned by this list' }]);
  return n;
}

const encodeCursor = (n: number) => Buffer.from(`${PREFIX}${n}`).toString('base64url');

export function checkLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
    throw badRequest([{ path: 'limit', message: `must be an integer from 1 to ${MAX_PAGE}` }]);
  return limit;
}

/** Reads `limit + 1` rows below the cursor: the extra one only says there is more. */
export async function readPage<T extends { n: number }>(
  request: { limit: number; cursor?: string },
  read: (beforeN: number | undefined, count: number) => Promise<T[]>,
): Promise<{ rows: T[]; nextCursor: string | undefined }> {
  const limit = checkLimit(request.limit);
  const rows = await read(decodeCursor(request.cursor), limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, nextCursor: rows.length > limit && last ? encodeCursor(last.n) : undefined };
}
