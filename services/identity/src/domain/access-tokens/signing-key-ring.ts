import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { importPKCS8, type KeyLike } from 'jose';
import type { SigningKey, SigningKeyRepository } from '../../db/signing-key.repository';

export const SIGNING_ALGORITHM = 'EdDSA';

/** A token may be checked this long after it expires on a clock running behind: a retired key stays published as long. */
const CLOCK_SKEW_MS = 60_000;
/** Keys are read again after this long, so a rotation reaches every replica within a second. */
const RING_MAX_AGE_MS = 1000;

export interface SigningKeyRing {
  /** The key that signs now: the newest whose activation has come (the first is made at the very first start). */
  signer(): Promise<{ kid: string; key: KeyLike }>;
  /** The public JWKs (JSON) of every key a live token may name: keys to come, the signer, recently retired keys. */
  publicJwks(): Promise<string[]>;
}

/**
 * Identity's signing keys as one ring shared by staff and customer tokens. A rotated key is published at once
 * and signs only from its `activatesAt` (SIGNING_KEY_ACTIVATION_SECONDS later), so every gateway can know it
 * before the first token naming it arrives; the key it replaces stays published until its last token expired.
 */
export function createSigningKeyRing(deps: {
  keys: SigningKeyRepository;
  /** The longest access-token lifetime: how long a replaced key keeps verifying. */
  tokenTtlSeconds: number;
  now: () => Date;
}): SigningKeyRing {
  let loaded: { keys: SigningKey[]; at: number } | undefined;
  let loading: Promise<SigningKey[]> | undefined;
  const imported = new Map<string, Promise<KeyLike>>();

  async function read(): Promise<SigningKey[]> {
    let keys = await deps.keys.all();
    if (keys.length === 0) {
      await deps.keys.claimFirst(newSigningKey(deps.now(), deps.now()));
      keys = await deps.keys.all();
    }
    loaded = { keys, at: Date.now() };
    return keys;
  }

  function ring(): Promise<SigningKey[]> {
    if (loaded && Date.now() - loaded.at < RING_MAX_AGE_MS) return Promise.resolve(loaded.keys);
    loading ??= read().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  return {
    async signer() {
      const key = activeKeyAt(await ring(), deps.now());
      if (!key) throw new Error('the signing key ring is empty right after its first key was claimed');
      let imports = imported.get(key.kid);
      if (!imports) {
        imports = importPKCS8(key.privateKeyPem, SIGNING_ALGORITHM);
        imported.set(key.kid, imports);
      }
      return { kid: key.kid, key: await imports };
    },
    async publicJwks() {
      const keys = await ring();
      const retired = new Set(retiredKeysAt(keys, deps.now(), deps.tokenTtlSeconds));
      return keys.filter((key) => !retired.has(key.kid)).map((key) => key.publicJwk);
    },
  };
}

const byActivation = (a: SigningKey, b: SigningKey) =>
  a.activatesAt.getTime() - b.activatesAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime();

/** The newest key whose activation has come; the first to come while none has (a ring that starts with a rotation). */
export function activeKeyAt(keys: SigningKey[], at: Date): SigningKey | undefined {
  const sorted = [...keys].sort(byActivation);
  return sorted.filter((key) => key.activatesAt.getTime() <= at.getTime()).at(-1) ?? sorted[0];
}

/** Kids of keys replaced by an active successor longer ago than a token lives (plus clock skew): no live token names them. */
export function retiredKeysAt(keys: SigningKey[], at: Date, tokenTtlSeconds: number): string[] {
  const sorted = [...keys].sort(byActivation);
  return sorted.flatMap((key, index) => {
    const successor = sorted[index + 1];
    const retiresAt = successor
      ? successor.activatesAt.getTime() + tokenTtlSeconds * 1000 + CLOCK_SKEW_MS
      : Infinity;
    return retiresAt <= at.getTime() ? [key.kid] : [];
  });
}

/** A fresh Ed25519 pair: `kid_` + 16 random characters, its public JWK naming the kid and pinned to EdDSA. */
export function newSigningKey(createdAt: Date, activatesAt: Date): SigningKey {
  const kid = `kid_${randomBytes(12).toString('base64url')}`;
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: SIGNING_ALGORITHM, use: 'sig' };
  return {
    kid,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicJwk: JSON.stringify(jwk),
    createdAt,
    activatesAt,
  };
}
