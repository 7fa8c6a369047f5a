import { AppError } from '@travel/errors';
import { createdOrderCursor, cursorCodec, numberCursor, sortKeyCursor } from './cursor-codec';

const base64url = (text: string) => Buffer.from(text).toString('base64url');

describe('cursor codec', () => {
  const bookings = numberCursor('b1:');

  it('when a cursor was issued by the list, then it decodes to the same position', () => {
    expect(bookings.decode(bookings.encode(1042))).toBe(1042);
    expect(bookings.encode(1042)).toBe(base64url('b1:1042'));
  });

  it.each([
    ['another list', base64url('i1:42')],
    ['another version', base64url('b2:42')],
    ['zero', base64url('b1:0')],
    ['a negative number', base64url('b1:-3')],
    ['a fraction', base64url('b1:1.5')],
    ['a number written otherwise', base64url('b1:042')],
    ['a number with a space', base64url('b1: 42')],
    ['a number in exponent form', base64url('b1:42e0')],
    ['a number in hex', base64url('b1:0x2a')],
    ['too large a number', base64url('b1:99999999999999999')],
    ['no number', base64url('b1:')],
    ['not base64url', '***'],
    ['padding added', `${bookings.encode(7)}=`],
  ])('when the cursor is %s, then read is undefined and decode is 400 naming cursor', (_, cursor) => {
    expect(bookings.read(cursor)).toBeUndefined();
    expect(() => bookings.decode(cursor)).toThrow(AppError);
    try {
      bookings.decode(cursor);
    } catch (error) {
      expect((error as AppError).code).toBe('bad_request');
      expect((error as AppError).details).toEqual([
        { path: 'cursor', message: 'must be a nextCursor returned by this list' },
      ]);
    }
  });

  it('when a list counts from 0, then 0 is a position', () => {
    expect(numberCursor('f1:', 0).decode(numberCursor('f1:', 0).encode(0))).toBe(0);
  });

  it('when a sort key has the right size, then it round-trips; another size is refused', () => {
    const published = sortKeyCursor('c1:', 2);
    expect(published.decode(published.encode([1_764_000_000_000, 3]))).toEqual([1_764_000_000_000, 3]);
    expect(published.read(sortKeyCursor('c1:', 1).encode([3]))).toBeUndefined();
    expect(published.read(base64url('c1:1.x'))).toBeUndefined();
  });

  it('when a list has its own position form, then only what that form writes is accepted', () => {
    const ids = cursorCodec<string>('e1:', {
      write: (id) => id,
      read: (text) => (/^led_[0-9a-z]+$/.test(text) ? text : undefined),
    });
    expect(ids.decode(ids.encode('led_abc1'))).toBe('led_abc1');
    expect(ids.read(base64url('e1:not-an-id'))).toBeUndefined();
  });

  it('when a list is in order of creation, then the cursor names the time and the id, of any id form', () => {
    const tenants = createdOrderCursor('t1:');
    const at = Date.UTC(2026, 10, 20, 8);
    expect(tenants.decode(tenants.encode({ at, id: 'ten_12' }))).toEqual({ at, id: 'ten_12' });
    expect(tenants.decode(tenants.encode({ at, id: 'rol_platform_admin' }))).toEqual({
      at,
      id: 'rol_platform_admin',
    });
  });

  it.each([
    ['no id', base64url('t1:1764000000000.')],
    ['no time', base64url('t1:.ten_1')],
    ['a negative time', base64url('t1:-5.ten_1')],
    ['an id of no known form', base64url('t1:1764000000000.{"$gt":""}')],
    ['text before the id', base64url('t1:1764000000000.{"$gt":""}ten_1')],
    ['text after the id', base64url('t1:1764000000000.ten_1{"$gt":""}')],
    ['another list', base64url('u1:1764000000000.ten_1')],
  ])('when a creation-order cursor has %s, then it is refused', (_, cursor) => {
    expect(createdOrderCursor('t1:').read(cursor)).toBeUndefined();
  });
});
