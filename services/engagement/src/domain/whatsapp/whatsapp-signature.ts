import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * WhatsApp Cloud API: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`.
 * Compared in constant time; anything malformed is simply not valid.
 */
export function isValidSignature(rawBody: Uint8Array, header: string, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}

export function signatureOf(rawBody: Uint8Array | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}
