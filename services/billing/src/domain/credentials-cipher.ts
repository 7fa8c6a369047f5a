import { isSealed, type Sealer, sealingContext } from '@travel/sealing';

/** What billing's first cipher stored (AES-256-GCM under PAYMENT_CREDENTIALS_KEY, no key id, no gateway bound). */
export interface UnversionedCredentials {
  iv: string;
  tag: string;
  data: string;
}

/** Credentials as stored: a `sealed:v1:` value, or one of the first cipher until it is re-sealed. */
export type SealedCredentials = string | UnversionedCredentials;

export interface CredentialsCipher {
  seal(gatewayId: string, credentials: Record<string, string>): string;
  open(gatewayId: string, sealed: SealedCredentials): Record<string, string>;
  /** True when the stored value is sealed under the active key. */
  isCurrent(sealed: SealedCredentials): boolean;
}

const contextOf = (gatewayId: string) => sealingContext('payment-gateway', gatewayId, 'credentials');

/**
 * A gateway's credentials map, sealed as JSON with the gateway id bound as associated data: a sealed value
 * copied onto another gateway does not open. Values of the first cipher open with whichever key of
 * SEALING_KEYS is the old PAYMENT_CREDENTIALS_KEY, and are sealed again by the next write or `reseal`.
 */
export function createCredentialsCipher(sealer: Sealer): CredentialsCipher {
  return {
    seal: (gatewayId, credentials) => sealer.seal(JSON.stringify(credentials), contextOf(gatewayId)),
    open(gatewayId, sealed) {
      const text =
        typeof sealed === 'string'
          ? sealer.open(sealed, contextOf(gatewayId))
          : sealer.openUnversioned(sealed, 'base64');
      return JSON.parse(text) as Record<string, string>;
    },
    isCurrent: (sealed) => typeof sealed === 'string' && isSealed(sealed) && sealer.isCurrent(sealed),
  };
}
