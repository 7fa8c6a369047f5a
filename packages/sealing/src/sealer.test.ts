import { createCipheriv, randomBytes } from 'node:crypto';
import { createSealer, isSealed, SealingError } from './sealer';
import { sealingContext } from './sealing-context';

const key1 = randomBytes(32);
const key2 = randomBytes(32);
const context = sealingContext('webhook-endpoint', 'whk_12', 'secret');
const failureOf = (open: () => unknown) => {
  try {
    open();
  } catch (error) {
    return error instanceof SealingError ? error.reason : `not a SealingError: ${String(error)}`;
  }
  return 'opened';
};

describe('a sealer', () => {
  const sealer = createSealer({ keys: new Map([['k1', key1]]), activeKid: 'k1' });

  it('when a value is sealed and opened with the same context, then the plain text comes back and is not in the sealed form', () => {
    const sealed = sealer.seal('whsec_abc123', context);
    expect(sealed).toMatch(/^sealed:v1:k1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(sealed).not.toContain('whsec');
    expect(sealer.open(sealed, context)).toBe('whsec_abc123');
    expect(sealer.seal('whsec_abc123', context)).not.toBe(sealed);
  });

  it('when opened with another record, id or field, then it fails as not authentic', () => {
    const sealed = sealer.seal('P1234567', sealingContext('traveller', 'trv_1', 'passportNumber'));
    for (const other of [
      sealingContext('traveller', 'trv_2', 'passportNumber'),
      sealingContext('traveller', 'trv_1', 'dateOfBirth'),
      sealingContext('customer', 'trv_1', 'passportNumber'),
    ])
      expect(failureOf(() => sealer.open(sealed, other))).toBe('not_authentic');
  });

  it('when a part is changed, relabelled with another kid or cut, then it fails loudly', () => {
    const sealed = sealer.seal('secret', context);
    const parts = sealed.split(':');
    const flipped = [...parts];
    flipped[5] = Buffer.from((parts[5] as string).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))).toString();
    expect(failureOf(() => sealer.open(flipped.join(':'), context))).toBe('not_authentic');
    const both = createSealer({
      keys: new Map([
        ['k1', key1],
        ['k2', key1],
      ]),
      activeKid: 'k1',
    });
    expect(failureOf(() => both.open(sealed.replace(':k1:', ':k2:'), context))).toBe('not_authentic');
    expect(failureOf(() => sealer.open(parts.slice(0, 5).join(':'), context))).toBe('malformed');
    expect(failureOf(() => sealer.open('whsec_plain', context))).toBe('malformed');
  });

  it('when a part is added, the IV or tag has another length, or the version is another, then it is malformed', () => {
    const [, , kid, iv, tag, data] = sealer.seal('secret', context).split(':') as string[];
    const short = (part: string) => Buffer.from(part, 'base64url').subarray(0, 8).toString('base64url');
    for (const value of [
      `sealed:v1:${kid}:${iv}:${tag}:${data}:x`,
      `sealed:v1:${kid}:${short(iv as string)}:${tag}:${data}`,
      `sealed:v1:${kid}:${iv}:${short(tag as string)}:${data}`,
      `sealed:v2:${kid}:${iv}:${tag}:${data}`,
    ])
      expect(failureOf(() => sealer.open(value, context))).toBe('malformed');
    const shortIv = `sealed:v1:${kid}:${short(iv as string)}:${tag}:${data}`;
    expect(() => sealer.open(shortIv, context)).toThrow(
      'the IV or tag of a sealed value has the wrong length',
    );
  });

  it('when a value does not open, then the error says why, names the kid it lacks, and never carries the value', () => {
    const sealed = sealer.seal('whsec_abc123', context);
    const unknown = createSealer({ keys: new Map([['k9', key2]]), activeKid: 'k9' }).seal('secret', context);
    const messages = [
      'whsec_plain',
      sealed.replace(/:[^:]+$/, ''),
      unknown,
      sealed.replace(':whk_12:', ':whk_13:'),
    ].map((value) => {
      try {
        sealer.open(value, value === sealed ? sealingContext('x', 'y', 'z') : context);
      } catch (error) {
        expect(error).toBeInstanceOf(SealingError);
        expect((error as Error).name).toBe('SealingError');
        return (error as Error).message;
      }
      return 'opened';
    });
    expect(messages.join(' ')).not.toContain('whsec_abc123');
    expect(messages[0]).toMatch(/not sealed/);
    expect(messages[1]).toMatch(/four parts/);
    expect(messages[2]).toMatch(/key k9, which is not configured/);
    expect(failureOf(() => sealer.open(sealed, sealingContext('x', 'y', 'z')))).toBe('not_authentic');
    try {
      sealer.open(sealed, sealingContext('x', 'y', 'z'));
    } catch (error) {
      expect((error as Error).message).toMatch(/does not open/);
    }
  });

  it('when the value names a kid that is not configured, then it fails as an unknown key', () => {
    const other = createSealer({ keys: new Map([['k9', key2]]), activeKid: 'k9' });
    expect(failureOf(() => sealer.open(other.seal('secret', context), context))).toBe('unknown_key');
  });

  it('when a value is in clear (written before sealing), then openStored answers it and open refuses it', () => {
    expect(isSealed('whsec_plain')).toBe(false);
    expect(sealer.openStored('whsec_plain', context)).toBe('whsec_plain');
    expect(sealer.isCurrent('whsec_plain')).toBe(false);
    const resealed = sealer.reseal('whsec_plain', context);
    expect(sealer.isCurrent(resealed)).toBe(true);
    expect(sealer.open(resealed, context)).toBe('whsec_plain');
  });
});

describe('rotating the sealing key', () => {
  it('when k2 becomes active, then values of k1 still open, new values use k2, and a re-seal moves k1 values to k2', () => {
    const before = createSealer({ keys: new Map([['k1', key1]]), activeKid: 'k1' });
    const old = before.seal('rzp_secret', context);
    const after = createSealer({
      keys: new Map([
        ['k1', key1],
        ['k2', key2],
      ]),
      activeKid: 'k2',
    });
    expect(after.open(old, context)).toBe('rzp_secret');
    expect(after.isCurrent(old)).toBe(false);
    expect(after.seal('new', context)).toMatch(/^sealed:v1:k2:/);
    const moved = after.reseal(old, context);
    expect(after.isCurrent(moved)).toBe(true);
    const withoutK1 = createSealer({ keys: new Map([['k2', key2]]), activeKid: 'k2' });
    expect(withoutK1.open(moved, context)).toBe('rzp_secret');
    expect(failureOf(() => withoutK1.open(old, context))).toBe('unknown_key');
  });

  it('when the active kid is not among the keys, or a key is not 32 bytes, then no sealer is made', () => {
    expect(() => createSealer({ keys: new Map([['k1', key1]]), activeKid: 'k2' })).toThrow(/k2/);
    expect(() => createSealer({ keys: new Map([['k1', randomBytes(16)]]), activeKid: 'k1' })).toThrow(/32/);
  });
});

describe('values of the first cipher (no kid, no associated data)', () => {
  it('when the old key is listed under any kid, then openUnversioned opens them; with no such key it fails', () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key1, iv);
    const data = Buffer.concat([cipher.update('{"keyId":"rzp"}', 'utf8'), cipher.final()]);
    const parts = {
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
    const sealer = createSealer({
      keys: new Map([
        ['k2', key2],
        ['legacy', key1],
      ]),
      activeKid: 'k2',
    });
    expect(sealer.openUnversioned(parts, 'base64')).toBe('{"keyId":"rzp"}');
    const without = createSealer({ keys: new Map([['k2', key2]]), activeKid: 'k2' });
    expect(failureOf(() => without.openUnversioned(parts, 'base64'))).toBe('unknown_key');
    expect(() => without.openUnversioned(parts, 'base64')).toThrow(/no configured key opens/);
  });

  it('when the parts cannot be read at all (an encoding Node does not know), then that error is thrown, not "no key"', () => {
    const sealer = createSealer({ keys: new Map([['k1', key1]]), activeKid: 'k1' });
    const parts = { iv: 'aa', tag: 'bb', data: 'cc' };
    expect(() => sealer.openUnversioned(parts, 'klingon' as BufferEncoding)).toThrow(
      'Unknown encoding: klingon',
    );
  });
});

describe('sealingContext', () => {
  it('when a record or field holds ":" or the id is empty, then it refuses', () => {
    expect(sealingContext('signing-key', 'kid_1', 'privateKeyPem')).toBe('signing-key:kid_1:privateKeyPem');
    expect(() => sealingContext('a:b', 'x', 'f')).toThrow('record and field names hold no ":"');
    expect(() => sealingContext('a', 'x', 'f:g')).toThrow('record and field names hold no ":"');
    expect(() => sealingContext('traveller', '', 'passportNumber')).toThrow(
      "a sealed traveller passportNumber needs its record's id",
    );
  });
});
