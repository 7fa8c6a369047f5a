import { createHmac, randomInt } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An endpoint's signing secret, `whsec_` + 32 base62 characters (≈190 bits), shown once at registration. */
export function newEndpointSecret(): string {
  let secret = 'whsec_';
  for (let i = 0; i < 32; i++) secret += BASE62[randomInt(BASE62.length)];
  return secret;
}

/**
 * `X-Partner-Signature` as gateway/openapi/partner.yaml defines it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">` keyed with the endpoint secret. The body is the exact bytes sent. During a rotation's
 * overlap there is one `v1=` per valid secret, the current one first (`t=...,v1=...,v1=...`), so a receiver
 * that holds either secret verifies the delivery.
 */
export function signatureHeader(secrets: string | readonly string[], rawBody: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const signatures = (typeof secrets === 'string' ? [secrets] : secrets).map(
    (secret) => `v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`,
  );
  return [`t=${t}`, ...signatures].join(',');
}
