import { generateKeyPairSync } from 'node:crypto';
import { type KeyLike, SignJWT } from 'jose';
import { createAccessTokenVerifier, type PublishedTokenKeys } from './staff-tokens';

const issuer = 'partner-travel-identity';
const audience = 'partner-travel-admin';
const now = () => new Date();

function keyPair(kid: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = JSON.stringify({ ...publicKey.export({ format: 'jwk' }), kid, alg: 'EdDSA', use: 'sig' });
  return { kid, jwk, privateKey: privateKey as unknown as KeyLike };
}

const tokenOf = (key: { kid?: string; privateKey: KeyLike }, alg = 'EdDSA') => {
  const at = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: 'ses_1' })
    .setProtectedHeader({ alg, ...(key.kid ? { kid: key.kid } : {}) })
    .setSubject('usr_1')
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(at)
    .setExpirationTime(at + 900)
    .sign(key.privateKey);
};

describe('access token verifier', () => {
  const old = keyPair('kid_old');
  const next = keyPair('kid_new');

  it('when two keys are published, then a token of either is verified by its kid', async () => {
    const verifier = createAccessTokenVerifier(
      async () => ({ jwks: [old.jwk, next.jwk], issuer, audience }),
      now,
    );
    expect(await verifier.verify(await tokenOf(old))).toEqual({ userId: 'usr_1', sessionId: 'ses_1' });
    expect(await verifier.verify(await tokenOf(next))).toEqual({ userId: 'usr_1', sessionId: 'ses_1' });
  });

  it('when a token names no kid, or a kid whose key did not sign it, then it is refused', async () => {
    const verifier = createAccessTokenVerifier(
      async () => ({ jwks: [old.jwk, next.jwk], issuer, audience }),
      now,
    );
    expect(await verifier.verify(await tokenOf({ privateKey: old.privateKey }))).toBeUndefined();
    expect(
      await verifier.verify(await tokenOf({ kid: 'kid_new', privateKey: old.privateKey })),
    ).toBeUndefined();
  });

  it('when a token is signed with another algorithm under a known kid, then it is refused (pinned to EdDSA)', async () => {
    const verifier = createAccessTokenVerifier(async () => ({ jwks: [old.jwk], issuer, audience }), now);
    const hmac = new TextEncoder().encode(old.jwk) as unknown as KeyLike;
    expect(
      await verifier.verify(await tokenOf({ kid: 'kid_old', privateKey: hmac }, 'HS256')),
    ).toBeUndefined();
  });

  it('when a token names a key published after the keys were loaded, then the keys are fetched again (once a second at most)', async () => {
    let published: PublishedTokenKeys = { jwks: [old.jwk], issuer, audience };
    let fetches = 0;
    let clock = Date.now();
    const verifier = createAccessTokenVerifier(
      async () => {
        fetches++;
        return published;
      },
      () => new Date(clock),
    );
    expect(await verifier.verify(await tokenOf(old))).toBeDefined();
    published = { jwks: [old.jwk, next.jwk], issuer, audience };
    const fresh = await tokenOf(next);
    // Within the second after a fetch, an unknown kid does not cost another call.
    expect(await verifier.verify(fresh)).toBeUndefined();
    expect(fetches).toBe(1);
    clock += 1001;
    expect(await verifier.verify(fresh)).toEqual({ userId: 'usr_1', sessionId: 'ses_1' });
    expect(fetches).toBe(2);
  });
});
