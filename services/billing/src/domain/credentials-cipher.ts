import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Credentials as stored: AES-256-GCM with a random 96-bit IV per write; the tag authenticates them. */
export interface SealedCredentials {
  iv: string;
  tag: string;
  data: string;
}

export interface CredentialsCipher {
  seal(credentials: Record<string, string>): SealedCredentials;
  open(sealed: SealedCredentials): Record<string, string>;
}

/** `key`: 32 bytes (PAYMENT_CREDENTIALS_KEY, base64). The gateway id is bound as associated data. */
export function createCredentialsCipher(key: Buffer): CredentialsCipher {
  if (key.length !== 32) throw new Error('the payment credentials key must be 32 bytes');
  return {
    seal(credentials) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
      return {
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        data: data.toString('base64'),
      };
    },
    open(sealed) {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      const text = Buffer.concat([
        decipher.update(Buffer.from(sealed.data, 'base64')),
        decipher.final(),
      ]).toString('utf8');
      return JSON.parse(text) as Record<string, string>;
    },
  };
}
