import { decodeFeedCursor, encodeFeedCursor } from './feed-cursor';

describe('feed cursors', () => {
  it('when a cursor of either order is decoded, then it gives back its order and sequence', () => {
    expect(decodeFeedCursor(encodeFeedCursor({ order: 'newest', from: 41 }))).toEqual({
      order: 'newest',
      from: 41,
    });
    expect(decodeFeedCursor(encodeFeedCursor({ order: 'oldest', from: 0 }))).toEqual({
      order: 'oldest',
      from: 0,
    });
  });

  it.each([
    ['another list', Buffer.from('i1:42').toString('base64url')],
    ['an unknown order', Buffer.from('f1:x42').toString('base64url')],
    ['no number', Buffer.from('f1:n').toString('base64url')],
    ['a negative number', Buffer.from('f1:n-3').toString('base64url')],
    ['a number written otherwise', Buffer.from('f1:n042').toString('base64url')],
    ['not base64url', '***'],
  ])('when a cursor of %s is decoded, then it names no position', (_what, cursor) => {
    expect(decodeFeedCursor(cursor)).toBeUndefined();
  });
});
