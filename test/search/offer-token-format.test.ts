import { documented, inDays } from '@travel/testkit';
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
  it('when every token of a live round-trip search is checked by the documented steps, then each is valid and states the offer, the searching client and 15 minutes, and books', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'It is what `POST /bookings` books, and a signed statement of the offer that you can check offline, in any language, with SHA-256, Ed25519 and the public keys of `GET /offer-keys`.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`proof`: zero or more steps of 33 bytes, each one side byte (`0x00` or `0x01`) then a 32-byte sibling hash',
    );
    documented('gateway/openapi/partner.texts.yaml', '`signature`: 64 bytes, Ed25519.');
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A token is about 1 KB; booking takes up to 4096 characters.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`exp` | integer | Expiry, Unix time in milliseconds (`iat` + 900000: 15 minutes)',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'a leaf is `SHA-256(0x00 ‖ C)`, `C` the ASCII bytes of the `claims` part exactly as it is in the token (the base64url text, not the JSON it decodes to);',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'a node is `SHA-256(0x01 ‖ L ‖ R)`, `L` and `R` the 32-byte hashes of its left and right children.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'the leaves are in the order of the answer (flights: `onward`, then `return`); each level pairs its hashes from left to right, an odd last hash with itself (`SHA-256(0x01 ‖ H ‖ H)`), until one is left: the root.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'The signed message is 36 bytes: the four ASCII bytes `ot2.` (`6f 74 32 2e`), then the 32 bytes of the root.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'The leaf: `h = SHA-256(0x00 ‖ claims)`, over the ASCII text of the `claims` part.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'For each 33-byte step of `proof`, in order, with `s` its first byte and `S` the 32 bytes after it: `h = SHA-256(0x01 ‖ h ‖ S)` when `s` is `0x01`, `h = SHA-256(0x01 ‖ S ‖ h)` when `s` is `0x00`; refuse any other `s`.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'The message: `ot2.` (ASCII) followed by the root, 36 bytes.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      "To trust what you show, also compare: `claims.offer` with the offer you show, field by field (all but `offerToken` and `price`), and `clientId` and `environment` with your key's (`GET /me`).",
    );
    expect(offers.length).toBeGreaterThan(2);
    // "Format": about 1 KB each (booking takes up to 4096 characters: gateway/src/routes/common/booking-requests.test.ts).
    for (const { offerToken } of offers)
      expect([offerToken.length > 500, offerToken.length < 2048]).toEqual([true, true]);
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
    // What `POST /bookings` books.
    expect((await book(secret, { offerToken: offers[0]?.offerToken, contact })).status).toBe(201);
  });

  it('when a part is not canonical base64url, the proof is cut short or names another side, or the signature is cut, then the documented steps refuse it, and so does booking', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Refuse the token when a part does not encode back to exactly the same text, when `proof` is not a multiple of 33 bytes long, or when `signature` is not 64 bytes.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'For each 33-byte step of `proof`, in order, with `s` its first byte and `S` the 32 bytes after it: `h = SHA-256(0x01 ‖ h ‖ S)` when `s` is `0x01`, `h = SHA-256(0x01 ‖ S ‖ h)` when `s` is `0x00`; refuse any other `s`.',
    );
    const [version, claims, proof, signature] = (offers[0] as Offer).offerToken.split('.') as [
      string,
      string,
      string,
      string,
    ];
    const proofBytes = decodePart(proof) as Buffer;
    const signatureBytes = decodePart(signature) as Buffer;
    expect(proofBytes.length % 33).toBe(0);
    expect(proofBytes.length).toBeGreaterThan(0);
    const otherSide = Buffer.from(proofBytes);
    otherSide[0] = 0x02;
    const cases: [string, string, number][] = [
      ['padded claims', `${version}.${claims}=.${proof}.${signature}`, 2],
      [
        'a proof a byte short',
        `${version}.${claims}.${proofBytes.subarray(1).toString('base64url')}.${signature}`,
        2,
      ],
      [
        'a signature a byte short',
        `${version}.${claims}.${proof}.${signatureBytes.subarray(1).toString('base64url')}`,
        2,
      ],
      ['a side byte of 0x02', `${version}.${claims}.${otherSide.toString('base64url')}.${signature}`, 4],
    ];
    for (const [name, token, step] of cases) {
      expect([name, verifyAsDocumented(token, keys, new Date())]).toEqual([
        name,
        expect.objectContaining({ result: 'rejected', step }),
      ]);
      const res = await book(secret, { offerToken: token, contact });
      expect([name, res.status, detailPaths(res)]).toEqual([name, 400, ['offerToken']]);
    }
  });

  it('when a token’s price is changed and its claims encoded again, then the documented steps refuse it at the signature (step 7), and so does booking', async () => {
    const [offer] = offers as [Offer];
    const cheaper = withClaim(offer.offerToken, 'subtotal', offer.subtotal - 1);
    expect(verifyAsDocumented(cheaper, keys, new Date())).toMatchObject({ result: 'rejected', step: 7 });
    const res = await book(secret, { offerToken: cheaper, contact });
    expect([res.status, detailPaths(res)]).toEqual([400, ['offerToken']]);
  });
});
