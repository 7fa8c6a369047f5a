import type { FeedPageQuery } from '../../db/feed.repository';

type Position = Pick<FeedPageQuery, 'order' | 'from'>;

const PREFIX = 'f1:';
const ORDERS = { n: 'newest', o: 'oldest' } as const;

/**
 * Opaque cursors of the events feed: the base64url of `f1:<n|o><sequence>`, a page continuing below
 * (newest first) or above (catch-up) that sequence. The prefix names the list, so another list's cursor
 * is refused.
 */
export function encodeFeedCursor({ order, from }: Position & { from: number }): string {
  return Buffer.from(`${PREFIX}${order === 'newest' ? 'n' : 'o'}${from}`).toString('base64url');
}

/** The position a cursor names; undefined for one this list did not issue (the caller's `400` on `cursor`). */
export function decodeFeedCursor(cursor: string): (Position & { from: number }) | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const order = ORDERS[text.charAt(PREFIX.length) as keyof typeof ORDERS];
  const from = Number(text.slice(PREFIX.length + 1));
  const position = { order, from };
  const ours = order && Number.isSafeInteger(from) && from >= 0 && encodeFeedCursor(position) === cursor;
  return ours ? position : undefined;
}
