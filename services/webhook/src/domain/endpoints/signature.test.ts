import { createHmac, timingSafeEqual } from 'node:crypto';
import { newEndpointSecret, signatureHeader } from './signature';

/** A receiver's check written from the partner API document alone, not from our signing code. */
function receiverAccepts(header: string, rawBody: string, secret: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const at = new Date('2026-11-21T10:00:00Z');
const now = at.getTime() / 1000;
const body = '{"id":"evt_1","type":"booking.created","data":{"amount":8021}}';

describe('webhook signature', () => {
  it('when a receiver checks a signed body, then it is accepted', () => {
    const secret = newEndpointSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(receiverAccepts(signatureHeader(secret, body, at), body, secret, now)).toBe(true);
  });

  it('when one byte of the body, the timestamp or the secret differs, then it is refused', () => {
    const secret = newEndpointSecret();
    const header = signatureHeader(secret, body, at);
    expect(receiverAccepts(header, body.replace('8021', '8022'), secret, now)).toBe(false);
    expect(receiverAccepts(header.replace(`t=${now}`, `t=${now + 1}`), body, secret, now)).toBe(false);
    expect(receiverAccepts(header, body, newEndpointSecret(), now)).toBe(false);
  });

  it('when the timestamp is more than 5 minutes away, then a receiver refuses it', () => {
    const secret = newEndpointSecret();
    expect(receiverAccepts(signatureHeader(secret, body, at), body, secret, now + 300)).toBe(true);
    expect(receiverAccepts(signatureHeader(secret, body, at), body, secret, now + 301)).toBe(false);
  });

  it('when several secrets are valid (a rotation overlap), then one v1 each, and a receiver holding either accepts', () => {
    const [next, previous, stranger] = [newEndpointSecret(), newEndpointSecret(), newEndpointSecret()];
    const header = signatureHeader([next, previous], body, at);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    const [, first, second] = header.split(',');
    expect(receiverAccepts(`t=${now},${first}`, body, next, now)).toBe(true);
    expect(receiverAccepts(`t=${now},${second}`, body, previous, now)).toBe(true);
    expect(receiverAccepts(`t=${now},${first}`, body, stranger, now)).toBe(false);
    expect(signatureHeader([next], body, at)).toBe(signatureHeader(next, body, at));
  });
});
