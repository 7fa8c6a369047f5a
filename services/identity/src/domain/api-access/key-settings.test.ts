import { keySettingsProblems, scopeProblems } from './key-settings';

const now = new Date('2026-03-01T12:00:00Z');

describe('key settings', () => {
  it('when every setting is valid, then there is no problem', () => {
    const problems = keySettingsProblems(
      {
        name: 'Booking robot',
        scopes: ['bookings:read', 'bookings:write'],
        environment: 'test',
        ipAllowList: ['10.0.0.1', '192.168.0.0/16', '2001:db8::/32'],
        expiresAt: new Date('2026-03-02T00:00:00Z'),
        rateLimit: { limit: 100_000, windowSeconds: 86_400 },
      },
      now,
    );
    expect(problems).toEqual([]);
  });

  it('when settings are wrong, then each problem names its field by its JSON path', () => {
    const problems = keySettingsProblems(
      {
        name: 'x'.repeat(121),
        scopes: ['bookings:read', 'bookings:delete'],
        environment: 'prod',
        ipAllowList: ['10.0.0.1', 'not-an-ip', '10.0.0.0/33'],
        expiresAt: now,
        rateLimit: { limit: 0, windowSeconds: 86_401 },
      },
      now,
    );
    expect(problems.map((problem) => problem.path)).toEqual([
      'name',
      'scopes.1',
      'environment',
      'ipAllowList.1',
      'ipAllowList.2',
      'expiresAt',
      'rateLimit.limit',
      'rateLimit.windowSeconds',
    ]);
  });

  it('when a key has no scope, then that is a problem; when the platform switches none off, it is not', () => {
    expect(keySettingsProblems({ scopes: [] }, now)).toEqual([
      { path: 'scopes', message: 'At least one scope is required.' },
    ]);
    expect(scopeProblems([], 'disabledScopes', { required: false })).toEqual([]);
  });

  it('when an expiry or rate limit is cleared (null), then it is not checked', () => {
    expect(keySettingsProblems({ expiresAt: null, rateLimit: null }, now)).toEqual([]);
  });
});
