import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A receiver's check of `X-Partner-Signature`, written from partner-api.md §6 alone (not our signing code):
 * the header is `t=<unix seconds>,v1=<hex hmac>`; the signed input is `<t>.<raw body>`; `v1` is the hex
 * HMAC-SHA256 of it keyed with the endpoint secret; compare in constant time; refuse a `t` more than
 * 300 seconds from now.
 */
export function verifySignature(
  secret: string,
  header: string,
  rawBody: string,
  nowSeconds: number,
): boolean {
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at), part.slice(at + 1)] as const;
    }),
  );
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !v1 || !/^\d+$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(nowSeconds - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
