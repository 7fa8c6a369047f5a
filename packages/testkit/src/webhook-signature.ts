import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A receiver's check of `X-Partner-Signature`, written from the partner API document alone (not our signing code):
 * the header is `t=<unix seconds>,v1=<hex hmac>` (during a secret rotation's overlap one `v1=` per valid
 * secret); the signed input is `<t>.<raw body>`; `v1` is the hex HMAC-SHA256 of it keyed with the endpoint
 * secret; any `v1=` that matches is enough; compare in constant time; refuse a `t` more than 300 seconds
 * from now.
 */
export function verifySignature(
  secret: string,
  header: string,
  rawBody: string,
  nowSeconds: number,
): boolean {
  const parts = header.split(',').map((part) => {
    const at = part.indexOf('=');
    return [part.slice(0, at), part.slice(at + 1)] as const;
  });
  const t = parts.find(([name]) => name === 't')?.[1];
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value);
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return false;
  if (!signatures.every((v1) => /^[0-9a-f]{64}$/.test(v1))) return false;
  if (Math.abs(nowSeconds - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest();
  return signatures.some((v1) => timingSafeEqual(expected, Buffer.from(v1, 'hex')));
}
