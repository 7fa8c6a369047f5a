import { createHash, randomBytes } from 'node:crypto';

/** `ses_` + 20 random characters: session ids travel in access tokens, so they are not guessable. */
export function newSessionId(): string {
  return `ses_${randomBytes(15).toString('base64url')}`;
}

/** `rtk_` + 43 random base64url characters (256 bits). */
export function newRefreshToken(): string {
  return `rtk_${randomBytes(32).toString('base64url')}`;
}

/** Refresh tokens are stored only as SHA-256: high-entropy secrets need no slow hash (as API keys). */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
