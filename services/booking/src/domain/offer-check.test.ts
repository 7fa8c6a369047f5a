import { createOfferTokenSigner, createOfferTokenVerifier, generateOfferKeyPair } from '@travel/offer-tokens';
import { documented } from '@travel/testkit';
import { checkOffer, checkTenantOffer } from './offer-check';

const keys = generateOfferKeyPair();
let now = new Date('2026-11-21T10:00:00Z');
const signer = createOfferTokenSigner({ privateKeyPem: keys.privateKeyPem, ttlSeconds: 900, now: () => now });
const verifier = createOfferTokenVerifier({ publicKeyPem: keys.publicKeyPem, now: () => now });
const owner = { tenantId: 'ten_1', clientId: 1, livemode: true };
const claims = {
  type: 'flight' as const,
  tenantId: 'ten_1',
  clientId: 1,
  environment: 'live' as const,
  subtotal: 9000,
  offer: { from: 'DEL' },
};
const tokenFor = (change: object = {}) => signer.issueAll([{ ...claims, ...change }])[0] as string;

describe('offer check', () => {
  afterEach(() => {
    now = new Date('2026-11-21T10:00:00Z');
  });

  it('when the token is this tenant and environment, then its claims are returned', () => {
    expect(checkOffer(verifier, tokenFor(), owner)).toMatchObject({ subtotal: 9000 });
  });

  it('when another client of the same tenant books it, then it is bad_request (tokens are bound to the client)', () => {
    expect(() => checkOffer(verifier, tokenFor({ clientId: 2 }), owner)).toThrow(
      expect.objectContaining({ code: 'bad_request' }),
    );
  });

  it('when staff book offline for the tenant, then a token of any of its clients is accepted', () => {
    const staff = { ...owner, clientId: 0 };
    expect(checkTenantOffer(verifier, tokenFor({ clientId: 2 }), staff)).toMatchObject({ clientId: 2 });
    expect(() => checkTenantOffer(verifier, tokenFor({ tenantId: 'ten_2' }), staff)).toThrow(
      expect.objectContaining({ code: 'bad_request' }),
    );
  });

  it.each([
    ['another tenant', { tenantId: 'ten_2' }],
    ['no tenant', { tenantId: null }],
    ['the test environment', { environment: 'test' }],
  ])('when the token was issued to %s, then it is bad_request', (_name, change) => {
    expect(() => checkOffer(verifier, tokenFor(change), owner)).toThrow(
      expect.objectContaining({ code: 'bad_request' }),
    );
  });

  it('when the token is a millisecond short of exp, then it books; from exp (iat + 900000) on, it is 410 offer_expired', () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '| `exp` | integer | Expiry, Unix time in milliseconds (`iat` + 900000: 15 minutes); from then on booking answers `410 offer_expired`. |',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'Only now trust the claims: the token can be booked until `exp`; from `exp` on, booking answers `410 offer_expired` (search again).',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A token older than 15 minutes is `410 offer_expired`: search again.',
    );
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`offer_expired`: the `offerToken` is older than 15 minutes.',
    );
    const issued = now;
    const token = tokenFor();
    now = new Date(issued.getTime() + 899_999);
    const signed = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(signed.exp).toBe(issued.getTime() + 900_000);
    expect(checkOffer(verifier, token, owner)).toMatchObject({ subtotal: 9000 });
    now = new Date(issued.getTime() + 900_000);
    let refused: unknown;
    try {
      checkOffer(verifier, token, owner);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ code: 'offer_expired', httpStatus: 410 });
  });

  it('when the token is 15 minutes and a second old, then it is offer_expired; tampered, bad_request', () => {
    const token = tokenFor();
    now = new Date(now.getTime() + 901_000);
    expect(() => checkOffer(verifier, token, owner)).toThrow(
      expect.objectContaining({ code: 'offer_expired' }),
    );
    expect(() => checkOffer(verifier, `${token}x`, owner)).toThrow(
      expect.objectContaining({ code: 'bad_request' }),
    );
  });
});
