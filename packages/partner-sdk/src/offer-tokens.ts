import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';

/** One public key of `GET /offer-keys` (a JWK, RFC 8037). */
export interface OfferJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg?: string;
  use?: string;
  active?: boolean;
}

/** The body of `GET /offer-keys`: a JWKS. Fetch it with `PartnerClient.getOfferKeys()` and cache it. */
export interface OfferKeySet {
  keys: OfferJwk[];
}

/** What an offer token promises, as signed by the platform's search. */
export interface OfferTokenClaims {
  type: 'flight' | 'hotel' | 'car';
  tenantId: string | null;
  clientId: number;
  environment: 'live' | 'test';
  /** The supplier subtotal in whole rupees: what booking re-prices (the search's `subtotal`). */
  subtotal: number;
  /** The offer as search answered it, without its token and `price`. */
  offer: Record<string, unknown>;
}

/**
 * - `valid`: signed by a published key, not expired (and, with `offer`, the offer matches the signed one);
 * - `expired`: genuine but past `expiresAt` (booking answers `410 offer_expired`): search again;
 * - `offer_mismatch`: genuine, but a field of `offer` differs from what was signed (`field` names it);
 * - `unknown_key`: its `kid` is not in the key set: fetch `GET /offer-keys` again (a rotation), then retry;
 * - `bad_signature` / `malformed`: not a token the platform issued, or altered.
 */
export type OfferTokenVerification =
  | { result: 'valid'; claims: OfferTokenClaims; expiresAt: Date; kid: string | null }
  | { result: 'expired'; claims: OfferTokenClaims; expiresAt: Date; kid: string | null }
  | { result: 'offer_mismatch'; claims: OfferTokenClaims; expiresAt: Date; field: string }
  | { result: 'unknown_key'; kid: string }
  | { result: 'bad_signature' | 'malformed' };

export interface VerifyOfferTokenOptions {
  /** The clock expiry is judged by (default: now). */
  now?: Date;
  /** The offer of the search answer the token came with: each signed field must equal it (price included). */
  offer?: Record<string, unknown>;
}

// Token format `ot2.<claims>.<proof>.<signature>` (base64url): the claims are a leaf of a Merkle tree whose
// root, prefixed `ot2.`, is signed with Ed25519; the proof is the path of (side, sibling hash) steps.
const VERSION = 'ot2';
const STEP_BYTES = 33;
const leafHash = (claims: string) =>
  createHash('sha256')
    .update(Buffer.from([0]))
    .update(claims)
    .digest();
const nodeHash = (left: Buffer, right: Buffer) =>
  createHash('sha256')
    .update(Buffer.from([1]))
    .update(left)
    .update(right)
    .digest();
const canonical = (part: string) => Buffer.from(part, 'base64url').toString('base64url') === part;

function rootOf(leaf: Buffer, proof: Buffer): Buffer | undefined {
  if (proof.length % STEP_BYTES !== 0) return undefined;
  let hash = leaf;
  for (let at = 0; at < proof.length; at += STEP_BYTES) {
    const sibling = proof.subarray(at + 1, at + STEP_BYTES);
    if (proof[at] === 1) hash = nodeHash(hash, sibling);
    else if (proof[at] === 0) hash = nodeHash(sibling, hash);
    else return undefined;
  }
  return hash;
}

interface SignedClaims extends OfferTokenClaims {
  exp: number;
  iat?: number;
  nonce?: string;
  kid?: string;
}

function parseClaims(payload: string): SignedClaims | undefined {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedClaims;
    return typeof value === 'object' && value !== null && typeof value.exp === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

function keysOf(keySet: OfferKeySet): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const jwk of keySet.keys) {
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') continue;
    keys.set(jwk.kid, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' }));
  }
  return keys;
}

/**
 * Checks an `offerToken` offline with the published keys (`GET /offer-keys`): the signature, then the
 * expiry, then (with `options.offer`) that the offer you were shown, its price included, is the one signed.
 * A `valid` answer means booking will accept the token's offer at its signed subtotal until `expiresAt`.
 */
export function verifyOfferToken(
  token: string,
  keySet: OfferKeySet,
  options: VerifyOfferTokenOptions = {},
): OfferTokenVerification {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return { result: 'malformed' };
  const [, payload, proof, signature] = parts as [string, string, string, string];
  if (!payload || !canonical(payload) || !canonical(proof) || !canonical(signature))
    return { result: 'malformed' };
  const root = rootOf(leafHash(payload), Buffer.from(proof, 'base64url'));
  const signed = parseClaims(payload);
  if (!root || !signed) return { result: 'malformed' };
  const keys = keysOf(keySet);
  const candidates = signed.kid === undefined ? [...keys.values()] : [keys.get(signed.kid)];
  if (signed.kid !== undefined && !candidates[0]) return { result: 'unknown_key', kid: signed.kid };
  const message = Buffer.concat([Buffer.from(`${VERSION}.`), root]);
  const genuine = candidates.some(
    (key) => key !== undefined && verify(null, message, key, Buffer.from(signature, 'base64url')),
  );
  if (!genuine) return { result: 'bad_signature' };
  const { exp, iat: _iat, nonce: _nonce, kid, ...claims } = signed;
  const expiresAt = new Date(exp);
  const mismatch = options.offer && firstMismatch(claims.offer, options.offer);
  if (mismatch) return { result: 'offer_mismatch', claims, expiresAt, field: mismatch };
  const result = (options.now ?? new Date()).getTime() >= exp ? 'expired' : 'valid';
  return { result, claims, expiresAt, kid: kid ?? null };
}

/** The first signed field the shown offer contradicts (its token and `price` are not signed). */
function firstMismatch(signed: Record<string, unknown>, shown: Record<string, unknown>): string | undefined {
  for (const [field, value] of Object.entries(signed))
    if (canonicalJson(value) !== canonicalJson(shown[field])) return field;
  return undefined;
}

/** JSON with object keys sorted: the same value whatever order its fields were written in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}
