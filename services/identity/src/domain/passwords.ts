import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N (a power of two), block size r, parallelism p. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's minimum for scrypt (N=2^17, r=8, p=1): 128 MiB and about 0.33 s of one core per hash here. */
export const PASSWORD_COST: PasswordCost = { N: 2 ** 17, r: 8, p: 1 };
/** Stored hashes above this cost are refused rather than allowed to ask for gigabytes. */
const MAX_N = 2 ** 20;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

export const PASSWORD_RULE = 'At least 8 characters, with a letter and a number.';

/** The password rule of customers (gateway/openapi/internal.yaml), applied to staff too; null when it passes. */
export function passwordProblem(password: string): string | null {
  const ok = password.length >= 8 && /[A-Za-z]/.test(password) && /[0-9]/.test(password);
  return ok ? null : PASSWORD_RULE;
}

export interface PasswordCheck {
  matches: boolean;
  /** The stored hash was made with other parameters than the current ones: hash the password again. */
  outdated: boolean;
}

export interface PasswordHasher {
  /** `scrypt$N$r$p$<salt>$<hash>` (base64url): the parameters travel with the hash, so they can be raised later. */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<PasswordCheck>;
}

/**
 * Hashes at `cost`, at most `hashesAtOnce` at a time: each scrypt at N=2^17 holds 128 MiB outside the JS
 * heap, so a burst of sign-ins waits here instead of taking identity past its memory limit.
 */
export function createPasswordHasher(options: { cost?: PasswordCost; hashesAtOnce?: number } = {}) {
  const { cost = PASSWORD_COST, hashesAtOnce = 2 } = options;
  const derive = atMost(hashesAtOnce, deriveKey);
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(SALT_BYTES);
      const hash = await derive(password, salt, KEY_LENGTH, cost);
      const encoded = [salt.toString('base64url'), hash.toString('base64url')];
      return ['scrypt', cost.N, cost.r, cost.p, ...encoded].join('$');
    },
    async verify(password: string, stored: string): Promise<PasswordCheck> {
      const [scheme, n, r, p, salt, hash] = stored.split('$');
      const used = { N: Number(n), r: Number(r), p: Number(p) };
      if (scheme !== 'scrypt' || !salt || !hash || !(used.N <= MAX_N))
        return { matches: false, outdated: false };
      const expected = Buffer.from(hash, 'base64url');
      const actual = await derive(password, Buffer.from(salt, 'base64url'), expected.length, used);
      const matches = actual.length === expected.length && timingSafeEqual(actual, expected);
      const outdated = used.N !== cost.N || used.r !== cost.r || used.p !== cost.p;
      // An old hash checks quicker than a current one. A success pays a hash at the current cost (the
      // rehash); a refusal pays one here, so the time of a wrong password tells nothing about the account.
      if (outdated && !matches) await derive(password, randomBytes(SALT_BYTES), KEY_LENGTH, cost);
      return { matches, outdated };
    },
  } satisfies PasswordHasher;
}

function deriveKey(password: string, salt: Buffer, length: number, cost: PasswordCost): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node refuses anything above `maxmem` (32 MiB by default), so allow twice that.
  const options: ScryptOptions = { ...cost, maxmem: 2 * 128 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `work`, with at most `limit` calls running; the others wait in order. */
function atMost<A extends unknown[], T>(limit: number, work: (...args: A) => Promise<T>) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args: A): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work(...args);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
