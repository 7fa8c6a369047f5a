import {
  createOfferTokenSigner,
  generateOfferKeyPair,
  type OfferClaims,
  offerJwkOf,
} from '../../offer-tokens/src/index';
import { type OfferKeySet, verifyOfferToken } from './offer-tokens';

// The SDK's offline check against tokens exactly as the platform's search signs them (@travel/offer-tokens).
const issuedAt = new Date('2026-11-21T10:00:00Z');
const offer = {
  airline: 'IndiGo',
  flightNumber: '6E 123',
  from: 'DEL',
  to: 'BOM',
  date: '2026-12-05',
  subtotal: 9_800,
  baggage: { cabinKg: 7, checkInKg: 15 },
};
const claims: OfferClaims = {
  type: 'flight',
  tenantId: 'ten_1',
  clientId: 7,
  environment: 'live',
  subtotal: 9_800,
  offer,
};
const active = generateOfferKeyPair();
const previous = generateOfferKeyPair();
const keySet: OfferKeySet = {
  keys: [
    { ...offerJwkOf(active.publicKeyPem), active: true },
    { ...offerJwkOf(previous.publicKeyPem), active: false },
  ],
};
const tokensOf = (privateKeyPem: string, list: OfferClaims[] = [claims]) =>
  createOfferTokenSigner({ privateKeyPem, ttlSeconds: 900, now: () => issuedAt }).issueAll(list);
const [token] = tokensOf(active.privateKeyPem) as [string];
const at = (minutes: number) => new Date(issuedAt.getTime() + minutes * 60_000);

/** The token with one claim of its signed part changed (proof and signature kept). */
function withClaim(original: string, change: (signed: Record<string, unknown>) => void): string {
  const [version, payload, proof, signature] = original.split('.') as [string, string, string, string];
  const signed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(signed);
  return [version, Buffer.from(JSON.stringify(signed)).toString('base64url'), proof, signature].join('.');
}

describe('verifyOfferToken', () => {
  it('when a fresh token is checked with the key set, then it is valid with its claims, expiry and kid', () => {
    expect(verifyOfferToken(token, keySet, { now: at(14) })).toEqual({
      result: 'valid',
      claims,
      expiresAt: at(15),
      kid: offerJwkOf(active.publicKeyPem).kid,
    });
  });

  it('when 15 minutes have passed, then it is expired (with its claims)', () => {
    expect(verifyOfferToken(token, keySet, { now: at(15) })).toMatchObject({ result: 'expired', claims });
  });

  it('when the subtotal or the offer inside the token is changed, then the signature fails', () => {
    const cheaper = withClaim(token, (signed) => {
      signed.subtotal = 1;
    });
    const otherFlight = withClaim(token, (signed) => {
      (signed.offer as Record<string, unknown>).flightNumber = '6E 999';
    });
    const later = withClaim(token, (signed) => {
      signed.exp = (signed.exp as number) + 3_600_000;
    });
    for (const tampered of [cheaper, otherFlight, later])
      expect(verifyOfferToken(tampered, keySet, { now: at(1) }).result).toBe('bad_signature');
  });

  it('when the offer shown differs from the signed one, then it is offer_mismatch naming the field; key order does not matter', () => {
    expect(
      verifyOfferToken(token, keySet, { now: at(1), offer: { ...offer, subtotal: 9_000 } }),
    ).toMatchObject({
      result: 'offer_mismatch',
      field: 'subtotal',
    });
    const { baggage: _baggage, ...rest } = offer;
    const reordered = {
      price: { total: 1 },
      offerToken: token,
      baggage: { checkInKg: 15, cabinKg: 7 },
      ...rest,
    };
    expect(verifyOfferToken(token, keySet, { now: at(1), offer: reordered }).result).toBe('valid');
  });

  it('when the token was signed by the previous key of a rotation, then it verifies; by an unpublished key, unknown_key', () => {
    const [old] = tokensOf(previous.privateKeyPem) as [string];
    expect(verifyOfferToken(old, keySet, { now: at(1) }).result).toBe('valid');
    const stranger = generateOfferKeyPair();
    const [forged] = tokensOf(stranger.privateKeyPem) as [string];
    expect(verifyOfferToken(forged, keySet, { now: at(1) })).toEqual({
      result: 'unknown_key',
      kid: offerJwkOf(stranger.publicKeyPem).kid,
    });
  });

  it('when a forged token names a published kid, then the signature fails', () => {
    const stranger = generateOfferKeyPair();
    const [forged] = tokensOf(stranger.privateKeyPem) as [string];
    const named = withClaim(forged, (signed) => {
      signed.kid = offerJwkOf(active.publicKeyPem).kid;
    });
    expect(verifyOfferToken(named, keySet, { now: at(1) }).result).toBe('bad_signature');
  });

  it('when a token of a batch of 5 is checked, then its proof leads to the signed root', () => {
    const batch = tokensOf(
      active.privateKeyPem,
      Array.from({ length: 5 }, (_, i) => ({ ...claims, subtotal: i + 1 })),
    );
    expect(batch.map((t) => verifyOfferToken(t, keySet, { now: at(1) }).result)).toEqual(
      Array(5).fill('valid'),
    );
  });

  it.each(['', 'ot1.a.b.c', 'ot2.a.b', 'ot2...', 'not a token'])(
    'when the token is %j, then it is malformed',
    (bad) => {
      expect(verifyOfferToken(bad, keySet).result).toBe('malformed');
    },
  );
});
