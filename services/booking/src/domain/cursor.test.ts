import { decodeCursor, encodeCursor } from './cursor';

describe('booking list cursor', () => {
  it('when a cursor is issued, then it decodes to the same booking number', () => {
    for (const number of [1, 7, 120, 9_007_199_254_740_991])
      expect(decodeCursor(encodeCursor(number))).toBe(number);
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['another version', Buffer.from('b2:5').toString('base64url')],
    ['zero', Buffer.from('b1:0').toString('base64url')],
    ['a fraction', Buffer.from('b1:1.5').toString('base64url')],
    ['padding added', `${encodeCursor(5)}=`],
  ])('when the cursor is %s, then it is bad_request on cursor', (_name, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(expect.objectContaining({ code: 'bad_request' }));
  });
});
