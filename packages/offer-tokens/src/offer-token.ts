import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';

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
}

interface SignedClaims extends OfferClaims {
  /** Issued and expiry, unix milliseconds. */
  iat: number;
  exp: number;
  /** Two searches of the same offer get different tokens. */
  nonce: string;
}

export type OfferTokenCheck =
  | { result: 'valid'; claims: OfferClaims; expiresAt: Date }
  | { result: 'malformed' | 'bad_signature' }
  | { result: 'expired'; claims: OfferClaims; expiresAt: Date };

const VERSION = 'ot1';

export interface OfferTokenSigner {
  issue(claims: OfferClaims): string;
}

/** Search's side: signs with the private key (PEM, Ed25519); tokens live `ttlSeconds` from `now()`. */
export function createOfferTokenSigner(options: {
  privateKeyPem: string;
  ttlSeconds: number;
  now: () => Date;
}): OfferTokenSigner {
  const key: KeyObject = createPrivateKey(options.privateKeyPem);
  return {
    issue(claims) {
      const iat = options.now().getTime();
      const signed: SignedClaims = {
        ...claims,
        iat,
        exp: iat + options.ttlSeconds * 1000,
        nonce: randomBytes(9).toString('base64url'),
      };
      const body = `${VERSION}.${Buffer.from(JSON.stringify(signed)).toString('base64url')}`;
      return `${body}.${sign(null, Buffer.from(body), key).toString('base64url')}`;
    },
  };
}

export interface OfferTokenVerifier {
  verify(token: string): OfferTokenCheck;
}

/** Booking's side: the public key alone decides whether a token is genuine, then whether it expired. */
export function createOfferTokenVerifier(options: {
  publicKeyPem: string;
  now: () => Date;
}): OfferTokenVerifier {
  const key: KeyObject = createPublicKey(options.publicKeyPem);
  return {
    verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== VERSION) return { result: 'malformed' };
      const [version, payload, signature] = parts as [string, string, string];
      const body = `${version}.${payload}`;
      let genuine = false;
      try {
        genuine = verify(null, Buffer.from(body), key, Buffer.from(signature, 'base64url'));
      } catch {
        return { result: 'malformed' };
      }
      // Base64url decoding ignores some non-canonical input; re-encoding must give back the exact text.
      if (!genuine || Buffer.from(signature, 'base64url').toString('base64url') !== signature)
        return { result: 'bad_signature' };
      const signed = parseClaims(payload);
      if (!signed) return { result: 'malformed' };
      const { iat: _iat, exp, nonce: _nonce, ...claims } = signed;
      const expiresAt = new Date(exp);
      if (options.now().getTime() >= exp) return { result: 'expired', claims, expiresAt };
      return { result: 'valid', claims, expiresAt };
    },
  };
}

function parseClaims(payload: string): SignedClaims | undefined {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedClaims;
    return typeof value === 'object' && value !== null && typeof value.exp === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A fresh Ed25519 pair as PEM: the launcher makes one per stack, tests one per run. */
export function generateOfferKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
