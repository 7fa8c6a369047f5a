import { inDays } from '@travel/testkit';
import { bearer, newPartner, platformAdmin } from '../support/admin';
import { book, contact, detailPaths } from '../support/bookings';
import { call } from '../support/gateway';
import {
  decodePart,
  kidOf,
  leafOf,
  nodeOf,
  type PublishedKey,
  verifyAsDocumented,
} from '../support/offer-token-steps';

// docs/offer-tokens.md, "Verify a token" (the partner document's "Offer tokens" says the same; issue 44): a
// live token from a real search through the gateway, checked against `GET /api/v1/offer-keys` by the documented
// steps alone (node:crypto and Buffer, test/support/offer-token-steps.ts), and the same token with its price
// changed and its claims encoded again, refused by those steps and by booking.

type Offer = Record<string, unknown> & { offerToken: string; subtotal: number };

let secret: string;
let clientId: number;
let offers: Offer[];
let keys: PublishedKey[];

beforeAll(async () => {
  secret = (await newPartner(await platformAdmin())).key.secret;
  clientId = (
    (await call('GET', '/api/v1/me', { headers: bearer(secret) })).body as { data: { clientId: number } }
  ).data.clientId;
  const query = { from: 'DEL', to: 'BOM', departDate: inDays(40), returnDate: inDays(44) };
  const res = await call('POST', '/api/v1/search/flights', {
    headers: { ...bearer(secret), 'content-type': 'application/json' },
    body: JSON.stringify(query),
  });
  const { onward, return: back } = (res.body as { data: { onward: Offer[]; return: Offer[] } }).data;
  offers = [...onward, ...back];
  keys = ((await call('GET', '/api/v1/offer-keys')).body as { keys: PublishedKey[] }).keys;
});

/** "Hash tree": the root of leaves in the answer's order, pairing left to right, an odd last hash with itself. */
function rootOfAll(leaves: Buffer[]): Buffer {
  let level = leaves;
  while (level.length > 1)
    level = level.flatMap((hash, i) => (i % 2 === 0 ? [nodeOf(hash, level[i + 1] ?? hash)] : []));
  return level[0] as Buffer;
}

/** The token with one claim changed, its claims part encoded again, its proof and signature kept. */
function withClaim(token: string, claim: string, value: unknown): string {
  const [version, claims, proof, signature] = token.split('.') as [string, string, string, string];
  const changed = { ...JSON.parse(decodePart(claims)?.toString('utf8') ?? '{}'), [claim]: value };
  return [version, Buffer.from(JSON.stringify(changed)).toString('base64url'), proof, signature].join('.');
}

describe('docs/offer-tokens.md, "Verify a token", with the published keys', () => {
  it('when every token of a live round-trip search is checked by the documented steps, then each is valid and states the offer, the searching client and 15 minutes', () => {
    expect(offers.length).toBeGreaterThan(2);
    // "Key set": each kid is the thumbprint of its x.
    for (const key of keys) expect(kidOf(key.x)).toBe(key.kid);
    const now = new Date();
    const roots = new Set<string>();
    for (const { offerToken, price: _price, ...shown } of offers) {
      const check = verifyAsDocumented(offerToken, keys, now);
      expect(check).toMatchObject({ result: 'valid' });
      if (check.result === 'rejected') return;
      roots.add(check.root.toString('hex'));
      // "Claims": the offer as answered, its subtotal, the client that searched, and exp = iat + 900000.
      expect(check.claims).toMatchObject({ type: 'flight', clientId, environment: 'live', offer: shown });
      expect(check.claims.subtotal).toBe(shown.subtotal);
      expect(Number(check.claims.exp) - Number(check.claims.iat)).toBe(900_000);
    }
    // "Hash tree": one signed root per search, built from the leaves in the answer's order (onward, then return).
    expect([...roots]).toEqual([
      rootOfAll(offers.map((offer) => leafOf(offer.offerToken.split('.')[1] ?? ''))).toString('hex'),
    ]);
  });

  it('when a token’s price is changed and its claims encoded again, then the documented steps refuse it at the signature (step 7), and so does booking', async () => {
    const [offer] = offers as [Offer];
    const cheaper = withClaim(offer.offerToken, 'subtotal', offer.subtotal - 1);
    expect(verifyAsDocumented(cheaper, keys, new Date())).toMatchObject({ result: 'rejected', step: 7 });
    const res = await book(secret, { offerToken: cheaper, contact });
    expect([res.status, detailPaths(res)]).toEqual([400, ['offerToken']]);
  });
});
