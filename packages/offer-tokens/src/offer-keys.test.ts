import { createPublicKey } from 'node:crypto';
import { createOfferKeyRing, offerJwkOf, publicKeyPemsIn, publishedOfferKeys } from './offer-keys';
import {
  createOfferTokenSigner,
  createOfferTokenVerifier,
  generateOfferKeyPair,
  type OfferClaims,
} from './offer-token';

const claims: OfferClaims = {
  type: 'car',
  tenantId: 'ten_1',
  clientId: 3,
  environment: 'test',
  subtotal: 4_200,
  offer: { name: 'Swift', pickup: 'GOI', from: '2026-12-05', until: '2026-12-07' },
};
const issuedAt = new Date('2026-11-21T10:00:00Z');
const tokenOf = (privateKeyPem: string) =>
  createOfferTokenSigner({ privateKeyPem, ttlSeconds: 900, now: () => issuedAt }).issueAll([
    claims,
  ])[0] as string;
const verifierOf = (publicKeyPem: string, previousPublicKeyPems: string[] = []) =>
  createOfferTokenVerifier({ publicKeyPem, previousPublicKeyPems, now: () => issuedAt });

describe('offer keys', () => {
  it('when a key is named, then its kid is its RFC 7638 thumbprint (RFC 8037 appendix A.3)', () => {
    const x = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
    expect(offerJwkOf(key)).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x,
      kid: 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k',
      alg: 'EdDSA',
      use: 'sig',
    });
  });

  it('when a rotation is under way, then tokens of the active and of the previous key both verify', () => {
    const [old, next] = [generateOfferKeyPair(), generateOfferKeyPair()];
    const verifier = verifierOf(next.publicKeyPem, [old.publicKeyPem]);
    expect(verifier.verify(tokenOf(old.privateKeyPem)).result).toBe('valid');
    expect(verifier.verify(tokenOf(next.privateKeyPem)).result).toBe('valid');
  });

  it('when the previous key is dropped, then its tokens no longer verify', () => {
    const [old, next] = [generateOfferKeyPair(), generateOfferKeyPair()];
    expect(verifierOf(next.publicKeyPem).verify(tokenOf(old.privateKeyPem)).result).toBe('bad_signature');
  });

  it('when the ring is published, then it lists each public key once, the active one marked first', () => {
    const [old, next] = [generateOfferKeyPair(), generateOfferKeyPair()];
    const published = publishedOfferKeys(
      createOfferKeyRing(next.publicKeyPem, [old.publicKeyPem, next.publicKeyPem]),
    );
    expect(published.map((key) => [key.kid, key.active])).toEqual([
      [offerJwkOf(next.publicKeyPem).kid, true],
      [offerJwkOf(old.publicKeyPem).kid, false],
    ]);
    expect(JSON.stringify(published)).not.toMatch(/"d"/);
  });

  it('when several PEM keys are given in one value, then each is found', () => {
    const [a, b] = [generateOfferKeyPair(), generateOfferKeyPair()];
    expect(publicKeyPemsIn(`${a.publicKeyPem}\n${b.publicKeyPem}`)).toEqual([
      a.publicKeyPem.trim(),
      b.publicKeyPem.trim(),
    ]);
    expect(publicKeyPemsIn('')).toEqual([]);
  });
});
