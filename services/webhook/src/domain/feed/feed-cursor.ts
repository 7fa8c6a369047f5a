import { cursorCodec } from '@travel/paging';
import type { FeedPageQuery } from '../../db/feed.repository';

type Position = Pick<FeedPageQuery, 'order' | 'from'> & { from: number };

const ORDERS = { n: 'newest', o: 'oldest' } as const;

/**
 * Opaque cursors of the events feed: the base64url of `f1:<n|o><sequence>`, a page continuing below
 * (newest first) or above (catch-up) that sequence. The prefix names the list, so another list's cursor
 * is refused.
 */
export const feedCursors = cursorCodec<Position>('f1:', {
  write: ({ order, from }) => `${order === 'newest' ? 'n' : 'o'}${from}`,
  read: (text) => {
    const order = ORDERS[text.charAt(0) as keyof typeof ORDERS];
    const from = /^[0-9]{1,16}$/.test(text.slice(1)) ? Number(text.slice(1)) : Number.NaN;
    return order && Number.isSafeInteger(from) ? { order, from } : undefined;
  },
});

export function encodeFeedCursor(position: Position): string {
  return feedCursors.encode(position);
}

/** The position a cursor names; undefined for one this list did not issue (the caller's `400` on `cursor`). */
export function decodeFeedCursor(cursor: string): Position | undefined {
  return feedCursors.read(cursor);
}
