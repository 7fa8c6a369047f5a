import { decodeParkedCursor, encodeParkedCursor, serviceOfParkedId } from './parked-events';

const id = 'pev_billing_0123456789abcdef01234567';

describe('parked-event ids and cursors', () => {
  it('when an id is read, then its service part is what the gateway routes by; anything else names none', () => {
    expect(serviceOfParkedId(id)).toBe('billing');
    expect(serviceOfParkedId('pev_billing_0123')).toBeNull();
    expect(serviceOfParkedId('evt_billing_0123456789abcdef01234567')).toBeNull();
  });

  it('when a cursor made of a position is decoded, then it is that position; a tampered one is none', () => {
    const position = { parkedAt: new Date('2026-11-26T10:00:00.123Z'), id };
    const cursor = encodeParkedCursor(position);
    expect(decodeParkedCursor(cursor)).toEqual(position);
    expect(decodeParkedCursor(Buffer.from(`x.${id}`).toString('base64url'))).toBeNull();
    expect(decodeParkedCursor(`${cursor}=`)).toBeNull();
    expect(decodeParkedCursor('bm9wZQ')).toBeNull();
  });
});
