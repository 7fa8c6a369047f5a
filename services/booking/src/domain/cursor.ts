import { badRequest } from '@travel/errors';

// Opaque to partners (gateway/openapi/partner.yaml, `cursor`): the base64url of `b1:<booking number>`; the version lets the
// format change without breaking cursors already handed out.
const PREFIX = 'b1:';

export function encodeCursor(beforeNumber: number): string {
  return Buffer.from(`${PREFIX}${beforeNumber}`).toString('base64url');
}

/** The booking number a page continues below; a cursor we did not issue is `400 bad_request`. */
export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const number = Number(text.slice(PREFIX.length));
  if (
    !text.startsWith(PREFIX) ||
    !Number.isSafeInteger(number) ||
    number < 1 ||
    encodeCursor(number) !== cursor
  )
    throw badRequest([{ path: 'cursor', message: 'must be a nextCursor returned by this list' }]);
  return number;
}
