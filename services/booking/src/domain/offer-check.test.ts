import { createOfferTokenSigner, createOfferTokenVerifier, generateOfferKeyPair } from '@travel/offer-tokens';
import { checkOffer } from './offer-check';

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

  it('when another client of the same tenant books it, then it is accepted (tokens are bound to the tenant)', () => {
    expect(checkOffer(verifier, tokenFor({ clientId: 2 }), owner)).toMatchObject({ clientId: 2 });
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
