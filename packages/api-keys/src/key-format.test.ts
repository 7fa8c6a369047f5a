import { bearerToken, hashApiKey, issueApiKey, parseApiKey } from './key-format';

describe('key format', () => {
  it('when a live key is issued, then it has the documented form, a display prefix and its SHA-256', () => {
    const key = issueApiKey('live');
    expect(key.secret).toMatch(/^ptk_live_[0-9A-Za-z]{32}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 13));
    expect(key.hash).toBe(hashApiKey(key.secret));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('when many keys are issued, then none repeats', () => {
    const secrets = new Set(Array.from({ length: 1000 }, () => issueApiKey('test').secret));
    expect(secrets.size).toBe(1000);
  });

  it.each([
    ['ptk_live_0123456789abcdefghijABCDEFGHIJ01', 'live'],
    ['ptk_test_0123456789abcdefghijABCDEFGHIJ01', 'test'],
  ])('when %s is parsed, then its environment is %s', (value, environment) => {
    expect(parseApiKey(value)).toEqual({ environment });
  });

  it.each([
    '',
    'ptk_live_short',
    'ptk_prod_0123456789abcdefghijABCDEFGHIJ01',
    'sk_live_0123456789abcdefghijABCDEFGHIJ01',
    'ptk_live_0123456789abcdefghij-BCDEFGHIJ01',
    ' ptk_live_0123456789abcdefghijABCDEFGHIJ01',
    'ptk_live_0123456789abcdefghijABCDEFGHIJ01!',
    `ptk_live_${'a'.repeat(65)}`,
  ])('when %p is parsed, then it is not a key of ours', (value) => {
    expect(parseApiKey(value)).toBeUndefined();
  });

  it('when the Authorization header is read, then only the Bearer scheme yields a token', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer   abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('NotBearer abc')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
