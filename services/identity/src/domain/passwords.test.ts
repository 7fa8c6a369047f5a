import { createPasswordHasher, PASSWORD_COST, passwordProblem } from './passwords';

// A cheap cost where the cost itself is not what a test checks.
const cheap = createPasswordHasher({ cost: { N: 2 ** 10, r: 8, p: 1 } });

describe('passwords', () => {
  it('when a password is hashed at the default cost, then the hash carries N=2^17, r=8, p=1 and verifies', async () => {
    const hasher = createPasswordHasher();
    const stored = await hasher.hash('correct-horse-1');
    expect(PASSWORD_COST).toEqual({ N: 131072, r: 8, p: 1 });
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await hasher.verify('correct-horse-1', stored)).toEqual({ matches: true, outdated: false });
    expect((await hasher.verify('correct-horse-2', stored)).matches).toBe(false);
  });

  it('when a stored hash was made with other parameters, then it still verifies and is reported outdated', async () => {
    const old = await createPasswordHasher({ cost: { N: 2 ** 11, r: 8, p: 1 } }).hash('correct-horse-1');
    expect(old).toMatch(/^scrypt\$2048\$8\$1\$/);
    expect(await cheap.verify('correct-horse-1', old)).toEqual({ matches: true, outdated: true });
    expect(await cheap.verify('correct-horse-2', old)).toEqual({ matches: false, outdated: true });
  });

  it('when the same password is hashed twice, then the salts differ', async () => {
    expect(await cheap.hash('same-pass-1')).not.toBe(await cheap.hash('same-pass-1'));
  });

  it('when several hashes are asked at once past the limit, then each still completes and verifies', async () => {
    const one = createPasswordHasher({ cost: { N: 2 ** 10, r: 8, p: 1 }, hashesAtOnce: 1 });
    const stored = await Promise.all(['pass-one-1', 'pass-two-2', 'pass-three-3'].map((p) => one.hash(p)));
    expect((await one.verify('pass-two-2', stored[1] as string)).matches).toBe(true);
  });

  it('when a stored value is not ours or asks for an absurd cost, then nothing verifies against it', async () => {
    expect((await cheap.verify('anything1', 'plain-text')).matches).toBe(false);
    expect((await cheap.verify('anything1', 'scrypt$1073741824$8$1$c2FsdA$aGFzaA')).matches).toBe(false);
  });

  it('when a password is short or lacks a letter or a digit, then the rule names the problem', () => {
    expect(passwordProblem('abc12345')).toBeNull();
    expect(passwordProblem('abc1234')).not.toBeNull();
    expect(passwordProblem('abcdefgh')).not.toBeNull();
    expect(passwordProblem('12345678')).not.toBeNull();
  });
});
