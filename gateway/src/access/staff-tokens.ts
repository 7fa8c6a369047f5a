import type { staff } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import { createLocalJWKSet, decodeProtectedHeader, errors, type JSONWebKeySet, jwtVerify } from 'jose';

export interface StaffTokenClaims {
  userId: string;
  sessionId: string;
}

export interface StaffTokenVerifier {
  /** The claims of a genuine, unexpired access token; undefined for anything else. */
  verify(token: string): Promise<StaffTokenClaims | undefined>;
}

/**
 * Keys are refetched at most this often when a token names a key we do not know yet (a rotation): a flood of
 * made-up kids costs identity one call a second per gateway, and a rotated key (published
 * SIGNING_KEY_ACTIVATION_SECONDS before it signs) is always known before its first token arrives.
 */
const REFETCH_AFTER_MS = 1000;

/**
 * Checks staff access tokens locally with identity's public keys (fetched once over gRPC), so a forged
 * or expired token never costs a call. Whether the session still lives is asked separately (cached).
 */
export function createStaffTokenVerifier(
  client: ServiceClient<typeof staff.StaffServiceDefinition>,
  now: () => Date,
  /** ACCESS_LOOKUP_DEADLINE_MS: with identity down, a token of an unknown key is 503 after this, not later. */
  deadlineMs: number,
): StaffTokenVerifier {
  return createAccessTokenVerifier(() => client.getAccessTokenKeys({}, { deadline: deadlineMs }), now);
}

/** What identity publishes to verify one kind of access token: public JWKs (JSON), `iss` and `aud`. */
export interface PublishedTokenKeys {
  jwks: string[];
  issuer: string;
  audience: string;
}

/**
 * A verifier for access tokens of one audience (staff or customer): both are signed with identity's keys
 * (chosen by the token's `kid`, EdDSA only), so the audience is what keeps a customer token off staff routes
 * and the reverse.
 */
export function createAccessTokenVerifier(
  loadKeys: () => Promise<PublishedTokenKeys>,
  now: () => Date,
): StaffTokenVerifier {
  type Loaded = { keys: ReturnType<typeof createLocalJWKSet>; issuer: string; audience: string; at: number };
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;

  async function fetchKeys(): Promise<Loaded> {
    const reply = await loadKeys();
    const set: JSONWebKeySet = { keys: reply.jwks.map((jwk) => JSON.parse(jwk)) };
    loaded = {
      keys: createLocalJWKSet(set),
      issuer: reply.issuer,
      audience: reply.audience,
      at: now().getTime(),
    };
    return loaded;
  }

  /** One fetch at a time: the tokens that found an unknown kid together wait for the same answer. */
  function load(): Promise<Loaded> {
    loading ??= fetchKeys().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  async function attempt(token: string, refetch: boolean): Promise<StaffTokenClaims | undefined> {
    if (!namesKey(token)) return undefined;
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
      if (unknownKey && !refetch && now().getTime() - current.at > REFETCH_AFTER_MS)
        return attempt(token, true);
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }

  return { verify: (token) => attempt(token, false) };
}

/** Identity names its key in every token; a token without a `kid` is not one of ours. */
function namesKey(token: string): boolean {
  try {
    return typeof decodeProtectedHeader(token).kid === 'string';
  } catch {
    return false;
  }
}
