import { SignJWT } from 'jose';
import { SIGNING_ALGORITHM, type SigningKeyRing } from './signing-key-ring';

export interface AccessTokenSettings {
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export interface AccessTokens {
  readonly ttlSeconds: number;
  /** Loads the signing keys, creating the first on the very first start (so no sign-in pays for it). */
  ensureKey(): Promise<void>;
  /** A JWT (EdDSA) with `sub`, `sid`, `tid` (tenant staff only), `iss`, `aud`, `iat`, `exp`; `kid` in the header. */
  issue(subject: { userId: string; sessionId: string; tenantId: string | null }): Promise<string>;
  /** What a gateway needs to verify tokens itself: the public JWKs (JSON), issuer and audience. */
  published(): Promise<{ jwks: string[]; issuer: string; audience: string }>;
}

export interface AccessTokensDeps extends AccessTokenSettings {
  ring: SigningKeyRing;
  now: () => Date;
}

/**
 * Signs access tokens of one audience with the ring's active key (signing-key-ring.ts): every replica signs
 * with the same key, named in the header, and gateways verify by that `kid` against the published JWKs.
 */
export function createAccessTokens({
  ring,
  issuer,
  audience,
  ttlSeconds,
  now,
}: AccessTokensDeps): AccessTokens {
  return {
    ttlSeconds,
    async ensureKey() {
      await ring.signer();
    },
    async issue({ userId, sessionId, tenantId }) {
      const { kid, key } = await ring.signer();
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: sessionId, ...(tenantId ? { tid: tenantId } : {}) })
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async published() {
      return { jwks: await ring.publicJwks(), issuer, audience };
    },
  };
}
