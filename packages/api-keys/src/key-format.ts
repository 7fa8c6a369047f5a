import { createHash, randomInt } from 'node:crypto';

export type KeyEnvironment = 'live' | 'test';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base62 characters carry about 190 bits: no slow hash is needed (docs/access.md, "Who owns what"). */
const SECRET_LENGTH = 32;
const KEY_PATTERN = /^ptk_(live|test)_[0-9A-Za-z]{32,64}$/;
/** How much of a key we keep in clear to show administrators which key is which. */
const PREFIX_LENGTH = 'ptk_live_'.length + 4;

export interface IssuedKey {
  /** The full key: shown once, never stored. */
  secret: string;
  /** `ptk_live_Ab3x`: stored and shown so people can tell keys apart. */
  prefix: string;
  /** SHA-256 hex of the secret: the only form we store and look up by. */
  hash: string;
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new key for an environment, from a CSPRNG with no modulo bias (`randomInt`). */
export function issueApiKey(environment: KeyEnvironment): IssuedKey {
  let random = '';
  for (let i = 0; i < SECRET_LENGTH; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  const secret = `ptk_${environment}_${random}`;
  return { secret, prefix: secret.slice(0, PREFIX_LENGTH), hash: hashApiKey(secret) };
}

/** The environment a well-formed key claims, or undefined for anything that is not a key of ours. */
export function parseApiKey(value: string): { environment: KeyEnvironment } | undefined {
  const match = KEY_PATTERN.exec(value);
  return match ? { environment: match[1] as KeyEnvironment } : undefined;
}

/** The key from `Authorization: Bearer <key>`; undefined when the header is absent or another scheme. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
