import type { staff } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify } from 'jose';

export interface StaffTokenClaims {
  userId: string;
  sessionId: string;
}

export interface StaffTokenVerifier {
  /** The claims of a genuine, unexpired access token; undefined for anything else. */
  verify(token: string): Promise<StaffTokenClaims | undefined>;
}

/** Keys are refetched at most this often when a token names a key we do not know yet (a rotation). */
const REFETCH_AFTER_MS = 10_000;

/**
 * Checks staff access tokens locally with identity's public keys (fetched once over gRPC), so a forged
 * or expired token never costs a call. Whether the session still lives is asked separately (cached).
 */
export function createStaffTokenVerifier(
  client: ServiceClient<typeof staff.StaffServiceDefinition>,
  now: () => Date,
): StaffTokenVerifier {
  return createAccessTokenVerifier(() => client.getAccessTokenKeys({}), now);
}

/** What identity publishes to verify one kind of access token: public JWKs (JSON), `iss` and `aud`. */
export interface PublishedTokenKeys {
  jwks: string[];
  issuer: string;
  audience: string;
}

/**
 * A verifier for access tokens of one audience (staff or customer): both are signed with identity's one
 * key, so the audience is what keeps a customer token off staff routes and the reverse.
 */
export function createAccessTokenVerifier(
  loadKeys: () => Promise<PublishedTokenKeys>,
  now: () => Date,
): StaffTokenVerifier {
  let loaded:
    | { keys: ReturnType<typeof createLocalJWKSet>; issuer: string; audience: string; at: number }
    | undefined;

  async function load() {
    const reply = await loadKeys();
    const set: JSONWebKeySet = { keys: reply.jwks.map((jwk) => JSON.parse(jwk)) };
    loaded = { keys: createLocalJWKSet(set), issuer: reply.issuer, audience: reply.audience, at: Date.now() };
    return loaded;
  }

  async function attempt(token: string, refetch: boolean): Promise<StaffTokenClaims | undefined> {
    const current = loaded && !refetch ? loaded : await load();
    try {
      const { payload } = await jwtVerify(token, current.keys, {
        issuer: current.issuer,
        audience: current.audience,
        algorithms: ['EdDSA'],
        currentDate: now(),
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch (error) {
      const unknownKey = error instanceof errors.JWKSNoMatchingKey;
      if (unknownKey && !refetch && Date.now() - current.at > REFETCH_AFTER_MS) return attempt(token, true);
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }

  return { verify: (token) => attempt(token, false) };
}
