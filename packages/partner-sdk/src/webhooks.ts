import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from './types';

export type WebhookSignatureFailure =
  | 'missing_signature'
  | 'malformed_signature'
  | 'timestamp_outside_tolerance'
  | 'signature_mismatch';

/** A delivery whose `X-Partner-Signature` does not prove it came from us, now: answer it `400` and drop it. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
  constructor(
    readonly reason: WebhookSignatureFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifyWebhookOptions {
  /** The request body exactly as received (the raw bytes, not re-serialised JSON). */
  payload: string | Uint8Array;
  /** The `X-Partner-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
  signature: string | string[] | null | undefined;
  /**
   * The endpoint's `whsec_…` secret, shown once when it was registered or rotated. While you switch to a
   * rotated secret, pass both (`[newSecret, oldSecret]`): a delivery verifies when any `v1=` matches any.
   */
  secret: string | readonly string[];
  /** How far the signed time may be from now, in seconds, either way. Default 300. */
  toleranceSeconds?: number;
  /** Now, for tests. */
  now?: Date;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

function hmac(secret: string, timestamp: string, payload: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest();
}

/** `X-Partner-Signature` for a payload, as the webhook service computes it (for your own tests). */
export function signWebhookPayload(
  secret: string,
  payload: string | Uint8Array,
  at: Date = new Date(),
): string {
  const t = String(Math.floor(at.getTime() / 1000));
  return `t=${t},v1=${hmac(secret, t, payload).toString('hex')}`;
}

/**
 * Checks `X-Partner-Signature` against the raw body: HMAC-SHA256 of `"<t>.<body>"` keyed with the secret,
 * compared in constant time, and `t` within `toleranceSeconds` of now (a replayed old delivery fails).
 * Several `v1=` entries (a rotation's overlap signs with each valid secret) and several secrets (yours while
 * you switch) are accepted if any pair matches. Throws a {@link WebhookSignatureError} otherwise.
 */
export function verifyWebhookSignature(options: VerifyWebhookOptions): void {
  const header = Array.isArray(options.signature) ? options.signature.join(',') : options.signature;
  if (!header) throw new WebhookSignatureError('missing_signature', 'No X-Partner-Signature header');
  let timestamp: string | undefined;
  const candidates: Buffer[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value !== undefined && /^\d{1,12}$/.test(value)) timestamp = value;
    else if (name === 'v1' && value !== undefined && HEX_SHA256.test(value))
      candidates.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || candidates.length === 0) {
    throw new WebhookSignatureError('malformed_signature', 'X-Partner-Signature lacks t= or a v1= signature');
  }
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) {
    throw new WebhookSignatureError(
      'timestamp_outside_tolerance',
      `Signed at ${timestamp}, more than ${tolerance} s from now (${nowSeconds})`,
    );
  }
  const secrets = typeof options.secret === 'string' ? [options.secret] : options.secret;
  if (secrets.length === 0) throw new TypeError('verifyWebhookSignature needs at least one secret');
  // Every pair is compared (no early exit) so the time taken says nothing about which one matched.
  let matched = false;
  for (const secret of secrets) {
    const expected = hmac(secret, timestamp, options.payload);
    for (const candidate of candidates) matched = timingSafeEqual(candidate, expected) || matched;
  }
  if (!matched) throw new WebhookSignatureError('signature_mismatch', 'No v1 signature matches this payload');
}

/** Verifies the signature (see {@link verifyWebhookSignature}) and parses the event. */
export function constructWebhookEvent(options: VerifyWebhookOptions): WebhookEvent {
  verifyWebhookSignature(options);
  const text =
    typeof options.payload === 'string' ? options.payload : Buffer.from(options.payload).toString('utf8');
  return JSON.parse(text) as WebhookEvent;
}
