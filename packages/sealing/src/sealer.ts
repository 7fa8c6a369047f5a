import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { KEY_BYTES, type SealingKeys } from './sealing-keys';

/** Why a sealed value could not be opened; never carries the value or a key. */
export type SealingFailure = 'malformed' | 'unknown_key' | 'not_authentic';

export class SealingError extends Error {
  readonly reason: SealingFailure;

  constructor(reason: SealingFailure, message: string) {
    super(message);
    this.name = 'SealingError';
    this.reason = reason;
  }
}

export interface Sealer {
  readonly activeKid: string;
  /** `sealed:v1:<kid>:<iv>:<tag>:<ciphertext>` (base64url), under the active key, bound to `context`. */
  seal(plain: string, context: string): string;
  /** The plain text; throws SealingError for a value that is not sealed, an unknown kid or another context. */
  open(sealed: string, context: string): string;
  /**
   * As `open`, but a value written before sealing (no `sealed:` prefix) is answered as it is: the reading
   * path of a field whose old documents are still in clear until `reseal` or the next write.
   */
  openStored(value: string, context: string): string;
  /** True when the value is sealed under the active key (nothing for a re-seal to do). */
  isCurrent(value: string): boolean;
  /** Opens a value stored under any known key (or in clear) and seals it under the active one. */
  reseal(value: string, context: string): string;
  /**
   * A value sealed by the first cipher (AES-256-GCM, no key id, no associated data): tried with every key,
   * so an operator migrates by listing the old key in SEALING_KEYS.
   */
  openUnversioned(parts: { iv: string; tag: string; data: string }, encoding: BufferEncoding): string;
}

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Whether a stored value is in the sealed form (any key). */
export const isSealed = (value: string) => value.startsWith(PREFIX);

/**
 * AES-256-GCM with a random 96-bit IV per value. The associated data is the version, the kid and the
 * context (the record and field, `sealingContext`), so a value copied to another record or field, or
 * relabelled with another kid, fails to open instead of answering someone else's secret.
 */
export function createSealer({ keys, activeKid }: SealingKeys): Sealer {
  for (const [kid, key] of keys)
    if (key.length !== KEY_BYTES) throw new Error(`sealing key ${kid} must be ${KEY_BYTES} bytes`);
  const activeKey = keys.get(activeKid);
  if (!activeKey) throw new Error(`the active sealing key ${activeKid} is not among the keys`);
  const associated = (kid: string, context: string) => Buffer.from(`${PREFIX}${kid}|${context}`, 'utf8');

  function seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', activeKey as Buffer, iv);
    cipher.setAAD(associated(activeKid, context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'));
    return `${PREFIX}${activeKid}:${parts.join(':')}`;
  }

  function open(sealed: string, context: string): string {
    if (!isSealed(sealed))
      throw new SealingError('malformed', 'the value is not sealed (no sealed:v1: prefix)');
    const parts = sealed.slice(PREFIX.length).split(':');
    if (parts.length !== 4)
      throw new SealingError(
        'malformed',
        'a sealed value has four parts after sealed:v1: (kid, IV, tag, data)',
      );
    const [kid, iv, tag, data] = parts as [string, string, string, string];
    const key = keys.get(kid);
    if (!key)
      throw new SealingError('unknown_key', `the value is sealed with key ${kid}, which is not configured`);
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
      throw new SealingError('malformed', 'the IV or tag of a sealed value has the wrong length');
    return decrypt(key, ivBytes, tagBytes, Buffer.from(data, 'base64url'), associated(kid, context));
  }

  const openStored = (value: string, context: string) => (isSealed(value) ? open(value, context) : value);

  return {
    activeKid,
    seal,
    open,
    openStored,
    isCurrent: (value) => value.startsWith(`${PREFIX}${activeKid}:`),
    reseal: (value, context) => seal(openStored(value, context), context),
    openUnversioned({ iv, tag, data }, encoding) {
      for (const key of keys.values()) {
        try {
          const parts = [iv, tag, data].map((part) => Buffer.from(part, encoding));
          return decrypt(key, parts[0] as Buffer, parts[1] as Buffer, parts[2] as Buffer, null);
        } catch (error) {
          if (!(error instanceof SealingError)) throw error;
        }
      }
      throw new SealingError('unknown_key', 'no configured key opens this value of the first cipher');
    },
  };
}

function decrypt(key: Buffer, iv: Buffer, tag: Buffer, data: Buffer, aad: Buffer | null): string {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    if (aad) decipher.setAAD(aad);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw new SealingError(
      'not_authentic',
      'the sealed value does not open: it was changed, or belongs to another record or field',
    );
  }
}
