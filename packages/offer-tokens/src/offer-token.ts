import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { createOfferKeyRing, offerJwkOf } from './offer-keys';

/** What a booking needs from an offer, bound to whoever searched. */
export interface OfferClaims {
  type: 'flight' | 'hotel' | 'car';
  /** Null: a client without a tenant (it cannot book, but it may search). */
  tenantId: string | null;
  clientId: number;
  environment: 'live' | 'test';
  /** Supplier subtotal in whole rupees: the booking re-prices this, never a client-sent price. */
  subtotal: number;
  /** The offer as the search answered it (without its token and price). */
  offer: Record<string, unknown>;
  /**
   * Issued to the public storefront (no tenant, no client, live): only a storefront booking accepts it, and
   * a storefront booking accepts nothing else. Absent on partner tokens.
   */
  storefront?: true;
}

interface SignedClaims extends OfferClaims {
  /** Issued and expiry, unix milliseconds. */
  iat: number;
  exp: number;
  /** Two searches of the same offer get different tokens. */
  nonce: string;
  /** The signing key's id (its JWK thumbprint); absent on tokens signed before key rings. */
  kid?: string;
}

export type OfferTokenCheck =
  | { result: 'valid'; claims: OfferClaims; expiresAt: Date }
  | { result: 'malformed' | 'bad_signature' }
  | { result: 'expired'; claims: OfferClaims; expiresAt: Date };

/**
 * Format `ot2.<claims>.<proof>.<signature>` (base64url parts). One search signs all its offers at once:
 * the claims of each offer are a leaf of a Merkle tree, the signature (Ed25519) covers the root, and each
 * token carries the sibling hashes that lead from its leaf to the root. One signature per search instead
 * of one per offer; a changed byte anywhere still breaks the chain to the signed root.
 */
const VERSION = 'ot2';
const HASH_BYTES = 32;
/** A proof step: which side the sibling is on (0 left, 1 right), then the sibling's hash. */
const STEP_BYTES = 1 + HASH_BYTES;

const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);
const leafHash = (claims: string) => createHash('sha256').update(LEAF).update(claims).digest();
const nodeHash = (left: Buffer, right: Buffer) =>
  createHash('sha256').update(NODE).update(left).update(right).digest();
const signedRoot = (root: Buffer) => Buffer.concat([Buffer.from(`${VERSION}.`), root]);

/** The proof of every leaf: the sibling at each level (an odd last node is paired with itself). */
function merkleProofs(leaves: Buffer[]): { root: Buffer; proofs: Buffer[] } {
  const proofs = leaves.map(() => [] as Buffer[]);
  let level = leaves.map((hash, i) => ({ hash, members: [i] }));
  while (level.length > 1) {
    const next: typeof level = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as (typeof level)[number];
      const right = level[i + 1] ?? left;
      for (const m of left.members) proofs[m]?.push(Buffer.concat([Buffer.from([1]), right.hash]));
      if (right !== left)
        for (const m of right.members) proofs[m]?.push(Buffer.concat([Buffer.from([0]), left.hash]));
      next.push({
        hash: nodeHash(left.hash, right.hash),
        members: right === left ? left.members : [...left.members, ...right.members],
      });
    }
    level = next;
  }
  return {
    root: (level[0] as (typeof level)[number]).hash,
    proofs: proofs.map((steps) => Buffer.concat(steps)),
  };
}

/** Folds a proof from a leaf up to the root it claims; undefined for a proof that is not well formed. */
function rootOf(leaf: Buffer, proof: Buffer): Buffer | undefined {
  if (proof.length % STEP_BYTES !== 0) return undefined;
  let hash = leaf;
  for (let at = 0; at < proof.length; at += STEP_BYTES) {
    const side = proof[at];
    const sibling = proof.subarray(at + 1, at + STEP_BYTES);
    if (side === 1) hash = nodeHash(hash, sibling);
    else if (side === 0) hash = nodeHash(sibling, hash);
    else return undefined;
  }
  return hash;
}

export interface OfferTokenSigner {
  /** Tokens for many offers under one signature, in order. */
  issueAll(claims: OfferClaims[]): string[];
}

/** Search's side: signs with the private key (PEM, Ed25519); tokens live `ttlSeconds` from `now()`. */
export function createOfferTokenSigner(options: {
  privateKeyPem: string;
  ttlSeconds: number;
  now: () => Date;
}): OfferTokenSigner {
  const key: KeyObject = createPrivateKey(options.privateKeyPem);
  const { kid } = offerJwkOf(key);
  function issueAll(list: OfferClaims[]): string[] {
    if (list.length === 0) return [];
    const iat = options.now().getTime();
    const exp = iat + options.ttlSeconds * 1000;
    // One random draw per batch (small synchronous draws are slow); the index keeps each nonce unique.
    const batch = randomBytes(12).toString('base64url');
    const payloads = list.map((claims, i) => {
      const signed: SignedClaims = { ...claims, iat, exp, nonce: `${batch}.${i}`, kid };
      return Buffer.from(JSON.stringify(signed)).toString('base64url');
    });
    const { root, proofs } = merkleProofs(payloads.map(leafHash));
    const signature = sign(null, signedRoot(root), key).toString('base64url');
    return payloads.map(
      (payload, i) => `${VERSION}.${payload}.${(proofs[i] as Buffer).toString('base64url')}.${signature}`,
    );
  }
  return { issueAll };
}

export interface OfferTokenVerifier {
  verify(token: string): OfferTokenCheck;
}

const canonical = (part: string) => Buffer.from(part, 'base64url').toString('base64url') === part;

/**
 * Booking's side: the public keys alone decide whether a token is genuine, then whether it expired. The
 * token's `kid` picks the key (the active one, or a previous one during a rotation overlap); a token
 * without one, from before key rings, is tried against each.
 */
export function createOfferTokenVerifier(options: {
  publicKeyPem: string;
  previousPublicKeyPems?: string[];
  now: () => Date;
}): OfferTokenVerifier {
  const ring = createOfferKeyRing(options.publicKeyPem, options.previousPublicKeyPems);
  const keysFor = (kid: unknown): KeyObject[] => {
    if (kid === undefined) return [...ring.keys.values()];
    const key = typeof kid === 'string' ? ring.keys.get(kid) : undefined;
    return key ? [key] : [];
  };
  return {
    verify(token) {
      const parts = token.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) return { result: 'malformed' };
      const [, payload, proof, signature] = parts as [string, string, string, string];
      // Base64url decoding ignores some non-canonical input; re-encoding must give back the exact text.
      if (!canonical(payload) || !canonical(proof) || !canonical(signature)) return { result: 'malformed' };
      const root = rootOf(leafHash(payload), Buffer.from(proof, 'base64url'));
      if (!root) return { result: 'malformed' };
      // The kid is read before the signature is checked only to pick the key; the signature then covers it.
      const signed = parseClaims(payload);
      if (!signed) return { result: 'malformed' };
      let genuine: boolean;
      try {
        genuine = keysFor(signed.kid).some((key) =>
          verify(null, signedRoot(root), key, Buffer.from(signature, 'base64url')),
        );
      } catch {
        return { result: 'malformed' };
      }
      if (!genuine) return { result: 'bad_signature' };
      const { iat: _iat, exp, nonce: _nonce, kid: _kid, ...claims } = signed;
      const expiresAt = new Date(exp);
      if (options.now().getTime() >= exp) return { result: 'expired', claims, expiresAt };
      return { result: 'valid', claims, expiresAt };
    },
  };
}

// Stryker disable BlockStatement: equivalent: with its catch emptied, parseClaims still answers undefined (the function ends there)
/** The signed claims; undefined for a payload that is not JSON or has no numeric expiry (null throws, caught here too). */
function parseClaims(payload: string): SignedClaims | undefined {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedClaims;
    return typeof value.exp === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}
// Stryker restore BlockStatement

/** A fresh Ed25519 pair as PEM: the launcher makes one per stack, tests one per run. */
export function generateOfferKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
