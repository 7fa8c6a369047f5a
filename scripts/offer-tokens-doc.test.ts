import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createOfferTokenVerifier } from '../packages/offer-tokens/src';
import {
  decodePart,
  foldProof,
  kidOf,
  leafOf,
  signedMessage,
  verifyAsDocumented,
} from '../test/support/offer-token-steps';

// docs/offer-tokens.md and the partner document's "Offer tokens" (issue 44) say the same, their worked example
// is what the documented steps compute, and every example token of the partner document is one the platform's
// verifier accepts with the example key, signing the offer it is shown with.
const root = join(__dirname, '..');
// The gateway's YAML reader (the root has no dependencies of its own).
const YAML = createRequire(join(root, 'gateway', 'package.json'))('yaml') as { parse(text: string): unknown };

type Json = Record<string, unknown>;
const partner = YAML.parse(readFileSync(join(root, 'gateway/openapi/partner.yaml'), 'utf8')) as {
  info: { description: string };
  paths: Record<string, Record<string, Json>>;
};
const page = readFileSync(join(root, 'docs/offer-tokens.md'), 'utf8');

/** The `<marks> Title` subsections of a Markdown text, by title (each up to the next heading of any level). */
function subsections(text: string, marks: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of text.split(new RegExp(`^${marks} `, 'm')).slice(1)) {
    const [title = '', ...body] = part.split('\n');
    found.set(
      title,
      body
        .join('\n')
        .split(/^#{1,6} /m)[0]
        ?.trim() ?? '',
    );
  }
  return found;
}

const documentSection = partner.info.description.split(/^## Offer tokens$/m)[1]?.split(/^## /m)[0] ?? '';
const inDocument = subsections(documentSection, '###');
const inPage = subsections(page, '##');

/** The `name = value` lines of the worked example's text blocks. */
const example = new Map(
  [...(inDocument.get('Worked example') ?? '').matchAll(/^([a-z0-9 ]+?) += (.+)$/gm)].map(
    (m) => [m[1] ?? '', m[2] ?? ''] as const,
  ),
);
const value = (name: string) => {
  const found = example.get(name);
  if (found === undefined) throw new Error(`the worked example has no "${name}" line`);
  return found;
};

/** Every object of the document's examples that carries an offer token. */
function tokenHolders(node: unknown, found: Json[] = []): Json[] {
  if (Array.isArray(node)) for (const item of node) tokenHolders(item, found);
  else if (node !== null && typeof node === 'object') {
    if (typeof (node as Json).offerToken === 'string') found.push(node as Json);
    for (const child of Object.values(node)) tokenHolders(child, found);
  }
  return found;
}

/** The value at a path of keys inside the document (undefined when a step is missing). */
const at = (node: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((inner, key) => (inner as Json | undefined)?.[key], node);
const json200 = ['responses', '200', 'content', 'application/json', 'example'];
const exampleKey = at(partner.paths, '/offer-keys', 'get', ...json200, 'keys', '0') as {
  kid: string;
  x: string;
};
const carResults = at(partner.paths, '/search/cars', 'post', ...json200, 'data', 'results') as Json[];

describe('docs/offer-tokens.md and the partner document, "Offer tokens"', () => {
  it('have the same subsections, word for word', () => {
    expect([...inDocument.keys()]).toEqual([
      'Who can book a token',
      'Format',
      'Claims',
      'Hash tree',
      'Signature',
      'Key set',
      'Verify a token',
      'Worked example',
    ]);
    for (const [title, body] of inDocument) expect([title, inPage.get(title)]).toEqual([title, body]);
  });

  it('no longer call the token opaque, nor bookable by any client of the tenant', () => {
    const text = readFileSync(join(root, 'gateway/openapi/partner.yaml'), 'utf8');
    expect(text).not.toMatch(/opaque[^.]*\btoken|\btoken[^.]*opaque/i);
    expect(text).not.toMatch(/any client of the (same )?tenant/i);
  });
});

describe('"Worked example": each value is what "Verify a token" computes', () => {
  const token = value('token');
  const [, claimsPart = '', proofPart = '', signaturePart = ''] = token.split('.');
  const proof = decodePart(proofPart) as Buffer;
  const path = foldProof(leafOf(claimsPart), proof) as Buffer[];
  const keys = [exampleKey];

  it("is the third car of `POST /search/cars`'s example, signed by the `GET /offer-keys` example key", () => {
    expect(carResults.map((car) => car.offerToken).indexOf(token)).toBe(2);
    expect([value('kid'), value('x')]).toEqual([exampleKey.kid, exampleKey.x]);
    expect(kidOf(value('x'))).toBe(value('kid'));
  });

  it('shows the claims, the leaf, each proof step, the root, the message and the signature', () => {
    expect(decodePart(claimsPart)?.toString('utf8')).toBe(value('claims'));
    expect(value('leaf')).toBe(path[0]?.toString('hex'));
    expect(proof.length).toBe(66);
    expect(value('step 1')).toBe(`01 ${proof.subarray(1, 33).toString('hex')}`);
    expect(value('after step 1')).toBe(path[1]?.toString('hex'));
    expect(value('step 2')).toBe(`00 ${proof.subarray(34, 66).toString('hex')}`);
    expect(value('root')).toBe(path[2]?.toString('hex'));
    expect(value('message')).toBe(signedMessage(path[2] as Buffer).toString('hex'));
    expect(value('signature')).toBe(decodePart(signaturePart)?.toString('hex'));
  });

  it('is valid until exp, expired from it', () => {
    const exp = Number(value('exp'));
    expect(JSON.parse(value('claims')).exp).toBe(exp);
    expect(value('result')).toBe(`valid until ${new Date(exp).toISOString()}`);
    expect(verifyAsDocumented(token, keys, new Date(exp - 1)).result).toBe('valid');
    expect(verifyAsDocumented(token, keys, new Date(exp)).result).toBe('expired');
  });

  it('changed to a subtotal of 1170 and encoded again, gives the hashes shown and fails at step 7', () => {
    const tampered = JSON.parse(value('tampered claims')) as Json;
    expect(tampered).toEqual({ ...JSON.parse(value('claims')), subtotal: 1170 });
    const tamperedPart = Buffer.from(value('tampered claims')).toString('base64url');
    const tamperedPath = foldProof(leafOf(tamperedPart), proof) as Buffer[];
    expect(value('tampered leaf')).toBe(tamperedPath[0]?.toString('hex'));
    expect(value('tampered root')).toBe(tamperedPath[2]?.toString('hex'));
    const check = verifyAsDocumented(`ot2.${tamperedPart}.${proofPart}.${signaturePart}`, keys, new Date(0));
    expect([value('tampered result'), check]).toEqual([
      'refused at step 7',
      expect.objectContaining({ result: 'rejected', step: 7 }),
    ]);
  });
});

describe("the partner document's example tokens", () => {
  const holders = tokenHolders(partner.paths);
  const publicKeyPem = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: exampleKey.x },
    format: 'jwk',
  })
    .export({ type: 'spki', format: 'pem' })
    .toString();

  it('are tokens the platform verifies with the example key, each signing the offer it is shown with', () => {
    const offers = holders.filter((holder) => 'price' in holder);
    expect(offers.length).toBeGreaterThanOrEqual(6);
    for (const { offerToken, price: _price, ...shown } of offers) {
      const claims = JSON.parse(decodePart(String(offerToken).split('.')[1] ?? '')?.toString() ?? '{}');
      const verifier = createOfferTokenVerifier({ publicKeyPem, now: () => new Date(claims.iat) });
      const check = verifier.verify(String(offerToken));
      expect([shown, check]).toEqual([
        shown,
        expect.objectContaining({ result: 'valid', claims: expect.objectContaining({ offer: shown }) }),
      ]);
      expect([claims.kid, claims.subtotal]).toEqual([exampleKey.kid, shown.subtotal]);
    }
  });

  it("include `POST /bookings`'s example, which books a search example's offer", () => {
    const requests = holders.filter((holder) => !('price' in holder));
    expect(requests.length).toBeGreaterThanOrEqual(1);
    const issued = holders.filter((holder) => 'price' in holder).map((holder) => holder.offerToken);
    for (const request of requests) expect(issued).toContain(request.offerToken);
  });
});
