import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { importPKCS8, type KeyLike, SignJWT } from 'jose';
import type { SigningKey, SigningKeyRepository } from '../db/signing-key.repository';

export interface AccessTokenSettings {
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export interface AccessTokens {
  readonly ttlSeconds: number;
  /** Loads the signing key, creating it on the very first start (so no sign-in pays for it). */
  ensureKey(): Promise<void>;
  /** A JWT (EdDSA) with `sub`, `sid`, `tid` (tenant staff only), `iss`, `aud`, `iat`, `exp`; `kid` in the header. */
  issue(subject: { userId: string; sessionId: string; tenantId: string | null }): Promise<string>;
  /** What a gateway needs to verify tokens itself: the public JWKs (JSON), issuer and audience. */
  published(): Promise<{ jwks: string[]; issuer: string; audience: string }>;
}

export interface AccessTokensDeps extends AccessTokenSettings {
  keys: SigningKeyRepository;
  now: () => Date;
}

const ALGORITHM = 'EdDSA';

/**
 * Signs access tokens with one Ed25519 key kept in identity's database: the first replica to start
 * creates it and every replica signs with the same key, so gateways trust one published JWK.
 */
export function createAccessTokens({
  keys,
  issuer,
  audience,
  ttlSeconds,
  now,
}: AccessTokensDeps): AccessTokens {
  let signer: Promise<{ kid: string; key: KeyLike; publicJwk: string }> | undefined;
  const load = () => {
    signer ??= loadSigner().catch((error: unknown) => {
      signer = undefined;
      throw error;
    });
    return signer;
  };
  const loadSigner = async () => {
    const stored = (await keys.current()) ?? (await keys.claimCurrent(newSigningKey(now())));
    return {
      kid: stored.kid,
      key: await importPKCS8(stored.privateKeyPem, ALGORITHM),
      publicJwk: stored.publicJwk,
    };
  };
  return {
    ttlSeconds,
    async ensureKey() {
      await load();
    },
    async issue({ userId, sessionId, tenantId }) {
      const { kid, key } = await load();
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: sessionId, ...(tenantId ? { tid: tenantId } : {}) })
        .setProtectedHeader({ alg: ALGORITHM, kid, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async published() {
      const { publicJwk } = await load();
      return { jwks: [publicJwk], issuer, audience };
    },
  };
}

function newSigningKey(at: Date): SigningKey {
  const kid = `kid_${randomBytes(12).toString('base64url')}`;
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: ALGORITHM, use: 'sig' };
  return {
    kid,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicJwk: JSON.stringify(jwk),
    createdAt: at,
  };
}
