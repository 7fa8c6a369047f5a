import type { SigningKey } from '../../db/signing-key.repository';
import { activeKeyAt, newSigningKey, retiredKeysAt } from './signing-key-ring';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 12, minutes));
const keyFrom = (kid: string, activatesMinute: number): SigningKey => ({
  ...newSigningKey(at(activatesMinute), at(activatesMinute)),
  kid,
});
const TTL = 15 * 60;

describe('the signing key ring', () => {
  const first = keyFrom('kid_a', 0);
  const second = keyFrom('kid_b', 30);

  it('when a rotated key is not active yet, then the old one signs; from its activation, the new one does', () => {
    expect(activeKeyAt([second, first], at(29))?.kid).toBe('kid_a');
    expect(activeKeyAt([second, first], at(30))?.kid).toBe('kid_b');
  });

  it('when the only key activates later (a ring that starts with a rotation), then it signs anyway', () => {
    expect(activeKeyAt([second], at(0))?.kid).toBe('kid_b');
  });

  it('when the replaced key last signed less than a token lifetime plus skew ago, then it is still published; after, it is retired', () => {
    expect(retiredKeysAt([first, second], at(30 + 15), TTL)).toEqual([]);
    expect(retiredKeysAt([first, second], at(30 + 16), TTL)).toEqual(['kid_a']);
    expect(retiredKeysAt([first], at(500), TTL)).toEqual([]);
  });

  it('when a key is made, then its public JWK names its kid and is pinned to EdDSA, without the private part', () => {
    const key = newSigningKey(at(0), at(1));
    const jwk = JSON.parse(key.publicJwk);
    expect(jwk).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.any(String),
      kid: key.kid,
      alg: 'EdDSA',
      use: 'sig',
    });
    expect(key.kid).toMatch(/^kid_[\w-]{16}$/);
  });
});
