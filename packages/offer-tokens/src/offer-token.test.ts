import { createHash, createPrivateKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { offerJwkOf } from './offer-keys';
import {
  createOfferTokenSigner,
  createOfferTokenVerifier,
  generateOfferKeyPair,
  type OfferClaims,
  type OfferTokenSigner,
} from './offer-token';

const keys = generateOfferKeyPair();
const issuedAt = new Date('2026-11-21T10:00:00Z');
const claims: OfferClaims = {
  type: 'flight',
  tenantId: 'ten_1',
  clientId: 7,
  environment: 'live',
  subtotal: 12_345,
  offer: { airline: 'IndiGo', flightNumber: '6E 123', from: 'DEL', to: 'BOM', date: '2026-12-05' },
};
const signer = createOfferTokenSigner({
  privateKeyPem: keys.privateKeyPem,
  ttlSeconds: 900,
  now: () => issuedAt,
});
/** A search of one offer. */
const issueOne = (s: OfferTokenSigner, c: OfferClaims) => s.issueAll([c])[0] as string;
const verifierAt = (at: Date, publicKeyPem = keys.publicKeyPem) =>
  createOfferTokenVerifier({ publicKeyPem, now: () => at });
const minutesLater = (minutes: number) => new Date(issuedAt.getTime() + minutes * 60_000);

describe('offer tokens', () => {
  it('when a token is fresh, then it verifies with the public key alone and gives back the claims', () => {
    const check = verifierAt(minutesLater(14)).verify(issueOne(signer, claims));
    expect(check).toEqual({ result: 'valid', claims, expiresAt: minutesLater(15) });
  });

  it('when 15 minutes have passed, then it reports expiry (with the claims, for a clear answer)', () => {
    expect(verifierAt(minutesLater(15)).verify(issueOne(signer, claims)).result).toBe('expired');
  });

  it('when the same offer is tokenised twice, then the tokens differ', () => {
    expect(issueOne(signer, claims)).not.toBe(issueOne(signer, claims));
  });

  it('when any single character of the token is changed, then it fails verification', () => {
    const token = issueOne(signer, claims);
    const verifier = verifierAt(minutesLater(1));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    for (let i = 0; i < token.length; i++) {
      const replacement = alphabet[(alphabet.indexOf(token[i] as string) + 1) % alphabet.length];
      const tampered = `${token.slice(0, i)}${replacement}${token.slice(i + 1)}`;
      expect({ i, result: verifier.verify(tampered).result }).not.toEqual({ i, result: 'valid' });
    }
  });

  it('when the claims are re-signed with another key, then they fail verification', () => {
    const other = generateOfferKeyPair();
    const forger = createOfferTokenSigner({
      privateKeyPem: other.privateKeyPem,
      ttlSeconds: 900,
      now: () => issuedAt,
    });
    expect(verifierAt(minutesLater(1)).verify(issueOne(forger, { ...claims, subtotal: 1 })).result).toBe(
      'bad_signature',
    );
  });

  it.each([1, 2, 3, 5, 16])(
    'when %i offers are signed together, then every token verifies on its own',
    (n) => {
      const list = Array.from({ length: n }, (_, i) => ({ ...claims, subtotal: 1000 + i }));
      const tokens = signer.issueAll(list);
      const verifier = verifierAt(minutesLater(1));
      expect(tokens.map((token) => verifier.verify(token))).toEqual(
        list.map((c) => ({ result: 'valid', claims: c, expiresAt: minutesLater(15) })),
      );
    },
  );

  it('when any character of a token from a batch is changed, or its proof is swapped, then it fails', () => {
    const [first, second] = signer.issueAll(
      Array.from({ length: 5 }, (_, i) => ({ ...claims, subtotal: i })),
    );
    const token = first as string;
    const verifier = verifierAt(minutesLater(1));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    for (let i = 0; i < token.length; i++) {
      const replacement = alphabet[(alphabet.indexOf(token[i] as string) + 1) % alphabet.length];
      expect(verifier.verify(`${token.slice(0, i)}${replacement}${token.slice(i + 1)}`).result).not.toBe(
        'valid',
      );
    }
    const [version, payload, , signature] = token.split('.');
    const otherProof = (second as string).split('.')[2];
    expect(verifier.verify([version, payload, otherProof, signature].join('.')).result).not.toBe('valid');
  });

  it.each(['', 'ot1', 'ot1.x', 'ot2.a.b', 'ot2.a.b.c.d', 'ot2...', 'not a token'])(
    'when the token is %j, then it is malformed',
    (token) => {
      expect(verifierAt(minutesLater(1)).verify(token).result).toMatch(/malformed|bad_signature/);
    },
  );

  it('when a search has no offers, then it signs nothing and gets no tokens', () => {
    expect(signer.issueAll([])).toEqual([]);
  });
});

// The published format (docs/decisions/search-and-pricing.md, "Token format"; the partner SDK verifies it offline):
// `ot2.<claims>.<proof>.<signature>`, a leaf SHA-256(0x00 ‖ claims), a node SHA-256(0x01 ‖ left ‖ right), proof
// steps of a side byte (1: the sibling is on the right) and the sibling's hash, an Ed25519 signature over
// `ot2.` ‖ root. Folded here from that description, not from the package's code.
const sha256 = (...parts: Array<Buffer | string>) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64url');
function documentedRoot(payload: string, proof: Buffer): Buffer {
  let hash = sha256(Buffer.from([0]), payload);
  for (let at = 0; at < proof.length; at += 33) {
    const sibling = proof.subarray(at + 1, at + 33);
    hash =
      proof[at] === 1 ? sha256(Buffer.from([1]), hash, sibling) : sha256(Buffer.from([1]), sibling, hash);
  }
  return hash;
}
/** A one-offer token signed by hand: its proof is empty, its root is its leaf. */
function handSigned(privateKeyPem: string, signed: Record<string, unknown>): string {
  const payload = b64(JSON.stringify(signed));
  const root = documentedRoot(payload, Buffer.alloc(0));
  const signature = sign(null, Buffer.concat([Buffer.from('ot2.'), root]), createPrivateKey(privateKeyPem));
  return `ot2.${payload}..${b64(signature)}`;
}

describe('the offer token format', () => {
  it('when a batch is issued, then each token is ot2.<claims>.<proof>.<signature> with the documented hashes and signature', () => {
    const tokens = signer.issueAll(Array.from({ length: 3 }, (_, i) => ({ ...claims, subtotal: i })));
    for (const token of tokens) {
      const [version, payload, proof, signature] = token.split('.') as [string, string, string, string];
      expect(version).toBe('ot2');
      const signed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      expect(signed).toMatchObject({ iat: issuedAt.getTime(), exp: minutesLater(15).getTime() });
      expect(signed.kid).toBe(offerJwkOf(keys.publicKeyPem).kid);
      const root = documentedRoot(payload, Buffer.from(proof, 'base64url'));
      const genuine = verify(
        null,
        Buffer.concat([Buffer.from('ot2.'), root]),
        keys.publicKeyPem,
        Buffer.from(signature, 'base64url'),
      );
      expect(genuine).toBe(true);
    }
  });

  it('when a search answers a single offer, then its proof is empty (the token holds `..`) and its root is its leaf', () => {
    const [token] = signer.issueAll([claims]) as [string];
    const [version, payload, proof, signature] = token.split('.') as [string, string, string, string];
    expect([version, proof, token.includes('..')]).toEqual(['ot2', '', true]);
    const leaf = documentedRoot(payload, Buffer.alloc(0));
    expect(
      verify(
        null,
        Buffer.concat([Buffer.from('ot2.'), leaf]),
        keys.publicKeyPem,
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(true);
  });

  it('when a token was signed before key rings (no kid), then any key of the ring may verify it', () => {
    const previous = generateOfferKeyPair();
    const signed = { ...claims, iat: issuedAt.getTime(), exp: minutesLater(15).getTime(), nonce: 'n.0' };
    const verifier = createOfferTokenVerifier({
      publicKeyPem: keys.publicKeyPem,
      previousPublicKeyPems: [previous.publicKeyPem],
      now: () => minutesLater(1),
    });
    expect(verifier.verify(handSigned(previous.privateKeyPem, signed))).toEqual({
      result: 'valid',
      claims,
      expiresAt: minutesLater(15),
    });
    expect(verifier.verify(handSigned(keys.privateKeyPem, signed)).result).toBe('valid');
    // A kid that is not a string names no key.
    expect(verifier.verify(handSigned(keys.privateKeyPem, { ...signed, kid: 7 })).result).toBe(
      'bad_signature',
    );
  });

  it('when the claims are not an object with a numeric expiry, then the token is malformed before any key is tried', () => {
    const verifier = verifierAt(minutesLater(1));
    for (const signed of [null, 5, 'text', { ...claims, exp: '2026-12-01' }, { ...claims }])
      expect(verifier.verify(handSigned(keys.privateKeyPem, signed as Record<string, unknown>)).result).toBe(
        'malformed',
      );
  });

  it('when a proof is cut short or names a side other than 0 and 1, then the token is malformed', () => {
    const [token] = signer.issueAll([claims, { ...claims, subtotal: 1 }]);
    const [version, payload, proof, signature] = (token as string).split('.') as [
      string,
      string,
      string,
      string,
    ];
    const bytes = Buffer.from(proof, 'base64url');
    const verifier = verifierAt(minutesLater(1));
    const withProof = (changed: Buffer) => [version, payload, b64(changed), signature].join('.');
    expect(verifier.verify(withProof(bytes)).result).toBe('valid');
    expect(verifier.verify(withProof(bytes.subarray(0, bytes.length - 1))).result).toBe('malformed');
    expect(verifier.verify(withProof(Buffer.concat([Buffer.from([2]), bytes.subarray(1)]))).result).toBe(
      'malformed',
    );
  });

  it('when a part is written in a form its bytes do not give back (padding added), then the token is malformed', () => {
    const token = issueOne(signer, claims);
    const verifier = verifierAt(minutesLater(1));
    for (const part of [1, 2, 3]) {
      const parts = token.split('.');
      parts[part] = `${parts[part]}=`;
      expect({ part, result: verifier.verify(parts.join('.')).result }).toEqual({
        part,
        result: 'malformed',
      });
    }
  });

  it('when a verifying key cannot check signatures at all (an X25519 key configured by mistake), then a token it must try is malformed, not a crash', () => {
    const x25519 = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const signed = { ...claims, iat: issuedAt.getTime(), exp: minutesLater(15).getTime(), nonce: 'n.0' };
    // No kid: every key of the ring is tried, the X25519 one too.
    expect(verifierAt(minutesLater(1), x25519).verify(handSigned(keys.privateKeyPem, signed)).result).toBe(
      'malformed',
    );
  });
});
