import { hkdfSync } from 'node:crypto';
import type { OfferKeys } from './offer-keys';

/** The kid of the local stack's one sealing key. */
export const LOCAL_SEALING_KID = 'local1';

/**
 * The local stack's SEALING_KEYS (identity, billing and webhook seal secrets and personal data with it): one
 * key, 32 bytes derived from the stack's own offer-token private key (HKDF-SHA256), so it is secret, different
 * per stack and the same across restarts without another file to keep. The derivation is the one of the
 * former PAYMENT_CREDENTIALS_KEY, so payment credentials a stack sealed before still open (and re-seal).
 * Production takes its keys from a Secret (docs/deploy.md, "Sealing keys").
 */
export function sealingEnvOf(keys: OfferKeys): { SEALING_KEYS: string; SEALING_ACTIVE_KEY: string } {
  const derived = hkdfSync('sha256', keys.privateKeyPem, 'partner-travel', 'payment-credentials-key', 32);
  return {
    SEALING_KEYS: `${LOCAL_SEALING_KID}:${Buffer.from(derived).toString('base64')}`,
    SEALING_ACTIVE_KEY: LOCAL_SEALING_KID,
  };
}
