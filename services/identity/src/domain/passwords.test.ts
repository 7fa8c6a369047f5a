import { hashPassword, passwordProblem, verifyPassword } from './passwords';

describe('passwords', () => {
  it('when a password is hashed, then only that password verifies and the hash carries its parameters', async () => {
    const stored = await hashPassword('correct-horse-1');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('correct-horse-1', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-2', stored)).toBe(false);
  });

  it('when the same password is hashed twice, then the salts differ', async () => {
    expect(await hashPassword('same-pass-1')).not.toBe(await hashPassword('same-pass-1'));
  });

  it('when a stored value is not ours, then nothing verifies against it', async () => {
    expect(await verifyPassword('anything1', 'plain-text')).toBe(false);
  });

  it('when a password is short or lacks a letter or a digit, then the rule names the problem', () => {
    expect(passwordProblem('abc12345')).toBeNull();
    expect(passwordProblem('abc1234')).not.toBeNull();
    expect(passwordProblem('abcdefgh')).not.toBeNull();
    expect(passwordProblem('12345678')).not.toBeNull();
  });
});
