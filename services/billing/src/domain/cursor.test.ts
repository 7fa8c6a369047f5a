import { AppError } from '@travel/errors';
import { checkLimit, decodeCursor, encodeCursor } from './cursor';

describe('invoice cursors', () => {
  it('when a cursor we issued comes back, then it names the same n; none means the first page', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    expect(decodeCursor(undefined)).toBeUndefined();
  });

  it('when a cursor was not issued by us (or is a booking cursor), then it is 400 on cursor', () => {
    const booking = Buffer.from('b1:42').toString('base64url');
    for (const cursor of [
      '',
      'abc',
      booking,
      Buffer.from('i1:0').toString('base64url'),
      Buffer.from('i1:1.5').toString('base64url'),
    ]) {
      expect(() => decodeCursor(cursor)).toThrow(AppError);
    }
  });

  it('when a limit is outside 1 to 100, then it is 400 on limit', () => {
    expect(checkLimit(1)).toBe(1);
    expect(checkLimit(100)).toBe(100);
    for (const limit of [0, 101, 2.5, -1]) expect(() => checkLimit(limit)).toThrow(AppError);
  });
});
