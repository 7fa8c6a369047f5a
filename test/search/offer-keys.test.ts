import { type OfferKeySet, verifyOfferToken } from '@partner-travel/sdk';
import { documented, inDays } from '@travel/testkit';
import { newPartner, platformAdmin } from '../support/admin';
import { book, contact } from '../support/bookings';
import { documentedSdk } from '../support/documented-sdk';
import { call, expectDocumented } from '../support/gateway';
import { kidOf } from '../support/offer-token-steps';

// `GET /api/v1/offer-keys` and the SDK's offline check of a real token from a real search (issue 32).

let sdk: ReturnType<typeof documentedSdk>;
let secret: string;

beforeAll(async () => {
  secret = (await newPartner(await platformAdmin())).key.secret;
  sdk = documentedSdk(secret);
});

/** A token's claims part re-encoded with one claim changed, the proof and signature kept. */
function withClaim(token: string, claim: string, value: unknown): string {
  const [version, payload, proof, signature] = token.split('.') as [string, string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const changed = Buffer.from(JSON.stringify({ ...claims, [claim]: value })).toString('base64url');
  return [version, changed, proof, signature].join('.');
}

describe('GET /api/v1/offer-keys', () => {
  it('when asked without a key, then 200 with a cacheable JWKS of public Ed25519 keys, one active', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'No authentication; cacheable (`Cache-Control: public, max-age=300`).',
    );
    documented('gateway/openapi/partner.texts.yaml', '`public, max-age=300`.');
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`GET /offer-keys` (no API key needed) answers `{ "keys": [...] }`, one JSON Web Key (RFC 8037) per key: `kty` `OKP`, `crv` `Ed25519`, `x` the 32-byte public key in base64url, `alg` `EdDSA`, `use` `sig`, `active` (below) and `kid`, the key\'s RFC 7638 thumbprint: the base64url of the SHA-256 of the UTF-8 text `{"crv":"Ed25519","kty":"OKP","x":"<x>"}` (these members in this order, no spaces), so you can check a `kid` against its `x`.',
    );
    const res = await call('GET', '/api/v1/offer-keys');
    await expectDocumented('GET', '/api/v1/offer-keys', res);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const { keys } = res.body as OfferKeySet;
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(keys.filter((key) => key.active)).toHaveLength(1);
    expect(keys[0]?.active).toBe(true);
    for (const key of keys) {
      expect(Object.keys(key).sort()).toEqual(['active', 'alg', 'crv', 'kid', 'kty', 'use', 'x']);
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      expect(Buffer.from(key.x, 'base64url')).toHaveLength(32);
      expect(kidOf(key.x)).toBe(key.kid);
    }
  });
});

describe("the SDK's verifyOfferToken with the published keys", () => {
  it('when a real search token is checked offline, then it is valid, names the active key, and books', async () => {
    const keys = await sdk.getOfferKeys();
    const result = await sdk.searchFlights({ from: 'DEL', to: 'BOM', departDate: inDays(30) });
    const offer = result.onward[0];
    if (!offer) throw new Error('search answered no offer');
    const { offerToken, price: _price, ...shown } = offer;
    const check = verifyOfferToken(offerToken, keys, { offer: shown });
    expect(check).toMatchObject({ result: 'valid', kid: keys.keys[0]?.kid });
    if (check.result !== 'valid') return;
    expect(check.claims).toMatchObject({ type: 'flight', environment: 'live', subtotal: offer.subtotal });
    const minutesLeft = (check.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(13);
    expect(minutesLeft).toBeLessThanOrEqual(15);
    expect(verifyOfferToken(offerToken, keys, { now: check.expiresAt }).result).toBe('expired');
    expect((await book(secret, { offerToken, contact })).status).toBe(201);
  });

  it('when the price is tampered with, in the token or in the offer shown, then it fails', async () => {
    // A kid the set does not hold is named, so the partner knows to fetch the set again (kept up to 5 minutes).
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Keep the set up to 5 minutes and fetch it again when a token names a `kid` you do not have.',
    );
    const keys = await sdk.getOfferKeys();
    const offer = (await sdk.searchFlights({ from: 'DEL', to: 'BOM', departDate: inDays(31) })).onward[0];
    if (!offer) throw new Error('search answered no offer');
    const { offerToken, price: _price, ...shown } = offer;
    const cheaper = withClaim(offerToken, 'subtotal', offer.subtotal - 1);
    expect(verifyOfferToken(cheaper, keys).result).toBe('bad_signature');
    expect((await book(secret, { offerToken: cheaper, contact })).status).toBe(400);
    expect(
      verifyOfferToken(offerToken, keys, { offer: { ...shown, subtotal: offer.subtotal - 1 } }),
    ).toMatchObject({
      result: 'offer_mismatch',
      field: 'subtotal',
    });
    expect(verifyOfferToken(withClaim(offerToken, 'kid', 'not-a-published-kid'), keys)).toEqual({
      result: 'unknown_key',
      kid: 'not-a-published-kid',
    });
  });
});
