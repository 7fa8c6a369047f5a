import { decodeDeliveryCursor, encodeDeliveryCursor } from './delivery-cursor';

describe('delivery list cursor', () => {
  it('when a cursor is issued, then it decodes to the same position', () => {
    const position = { createdAt: new Date('2026-11-26T10:00:00.123Z'), id: 'whd_k3J9x0QmT2vR8aLp5sWd_12' };
    expect(decodeDeliveryCursor(encodeDeliveryCursor(position))).toEqual(position);
  });

  it.each([
    ['garbage', 'not-a-cursor'],
    ['a booking cursor', Buffer.from('b1:17').toString('base64url')],
    ['another id form', Buffer.from('d1:1764151200123:bkg_1').toString('base64url')],
    ['padding added', `${encodeDeliveryCursor({ createdAt: new Date(5), id: 'whd_a_1' })}=`],
  ])('when the cursor is %s, then it is bad_request on cursor', (_name, cursor) => {
    expect(() => decodeDeliveryCursor(cursor)).toThrow(
      expect.objectContaining({
        code: 'bad_request',
        details: [expect.objectContaining({ path: 'cursor' })],
      }),
    );
  });
});
