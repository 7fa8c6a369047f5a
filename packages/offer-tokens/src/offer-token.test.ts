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
});
