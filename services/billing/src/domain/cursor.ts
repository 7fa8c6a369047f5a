import { badRequest } from '@travel/errors';

export const MAX_PAGE = 100;

/**
 * Opaque cursors: the base64url of `<prefix><n>`, where a page continues strictly below `n`. The prefix
 * names the list and its version (`i1:` invoices, `w1:` wallet entries, `r1:` refunds), so a cursor of one
 * list is refused by another.
 */
export function cursorCodec(prefix: string) {
  const encode = (beforeN: number): string => Buffer.from(`${prefix}${beforeN}`).toString('base64url');
  /** The `n` a page continues below; a cursor we did not issue is `400 bad_request`. */
  const decode = (cursor: string | undefined): number | undefined => {
    if (cursor === undefined) return undefined;
    const n = Number(Buffer.from(cursor, 'base64url').toString('utf8').slice(prefix.length));
    if (!Number.isSafeInteger(n) || n < 1 || encode(n) !== cursor)
      throw badRequest([{ path: 'cursor', message: 'must be a nextCursor returned by this list' }]);
    return n;
  };
  return { encode, decode };
}

const invoiceCursors = cursorCodec('i1:');
export const encodeCursor = invoiceCursors.encode;
export const decodeCursor = invoiceCursors.decode;

export function checkLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
    throw badRequest([{ path: 'limit', message: `must be an integer from 1 to ${MAX_PAGE}` }]);
  return limit;
}
