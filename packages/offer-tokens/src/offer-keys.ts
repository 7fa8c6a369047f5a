import { createHash, createPublicKey, type KeyObject } from 'node:crypto';

/** One Ed25519 public key of offer tokens as a JSON Web Key (RFC 8037), named by its thumbprint. */
export interface OfferJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/**
 * A key's id is its RFC 7638 thumbprint, derived from the key itself: search and booking agree on it
 * without a configured name, and a partner can recompute it from the JWK it fetched.
 */
export function offerJwkOf(key: KeyObject | string): OfferJwk {
  // A PEM is read as its public key; a KeyObject, public or private (search's), exports the public x itself.
  const { x } = (typeof key === 'string' ? createPublicKey(key) : key).export({ format: 'jwk' }) as {
    x: string;
  };
  const thumbprint = createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');
  return { kty: 'OKP', crv: 'Ed25519', x, kid: thumbprint, alg: 'EdDSA', use: 'sig' };
}

/** Every PEM public key in a text (one, or several one after another for a rotation overlap). */
export function publicKeyPemsIn(text: string): string[] {
  return text.match(/-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g) ?? [];
}

/** The verifying keys by kid: the active one first, then the previous ones still verifying. */
export interface OfferKeyRing {
  activeKid: string;
  keys: ReadonlyMap<string, KeyObject>;
}

export function createOfferKeyRing(activePem: string, previousPems: string[] = []): OfferKeyRing {
  const keys = new Map<string, KeyObject>();
  for (const pem of [activePem, ...previousPems]) keys.set(offerJwkOf(pem).kid, createPublicKey(pem));
  return { activeKid: offerJwkOf(activePem).kid, keys };
}

/** The ring as published (`GET /api/v1/offer-keys`): public keys only, the active one first. */
export function publishedOfferKeys(ring: OfferKeyRing): Array<OfferJwk & { active: boolean }> {
  return [...ring.keys.values()].map((key) => {
    const jwk = offerJwkOf(key);
    return { ...jwk, active: jwk.kid === ring.activeKid };
  });
}
