import { hkdfSync } from 'node:crypto';
import type { OfferKeys } from './offer-keys';

/**
 * The local stack's PAYMENT_CREDENTIALS_KEY (billing seals payment-gateway credentials with it): 32 bytes
 * derived from the stack's own offer-token private key (HKDF-SHA256), so it is secret, different per stack
 * and the same across restarts without another file to keep. Production takes its key from a Secret.
 */
export function paymentCredentialsKeyOf(keys: OfferKeys): string {
  const derived = hkdfSync('sha256', keys.privateKeyPem, 'partner-travel', 'payment-credentials-key', 32);
  return Buffer.from(derived).toString('base64');
}
