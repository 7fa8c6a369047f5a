import { type CidrRange, parseAllowListEntry } from './ip-allow-list';
import { type KeyCheckInput, type KeyRecord, verifyKey } from './verify-key';

const now = new Date('2026-11-21T12:00:00Z');
const secret = 'ptk_live_0123456789abcdefghijABCDEFGHIJ01';
const record: KeyRecord = {
  keyId: 'key_1',
  clientId: 'cli_1',
  tenantId: 'ten_1',
  environment: 'live',
  scopes: ['search:read', 'bookings:read'],
  ipRanges: [],
  expiresAt: null,
  revokedAt: null,
  clientStatus: 'active',
};
const input = (overrides: Partial<KeyCheckInput> = {}, key: Partial<KeyRecord> = {}): KeyCheckInput => ({
  presented: secret,
  record: { ...record, ...key },
  clientAddress: '203.0.113.9',
  requiredScope: 'search:read',
  switches: { apiEnabled: true, disabledScopes: [] },
  now,
  ...overrides,
});
const later = new Date(now.getTime() + 1000);
const earlier = new Date(now.getTime() - 1000);

describe('verifyKey', () => {
  it('when everything holds, then the key is valid', () => {
    expect(verifyKey(input())).toEqual({ result: 'valid', key: { ...record } });
  });

  it.each<[string, Partial<KeyCheckInput>, Partial<KeyRecord>, string]>([
    ['no key', { presented: undefined }, {}, 'missing'],
    ['a malformed key', { presented: 'hello' }, {}, 'malformed'],
    ['an unknown key', { record: undefined }, {}, 'unknown'],
    ['a revoked key', {}, { revokedAt: earlier }, 'revoked'],
    ['a key revoked exactly now', {}, { revokedAt: now }, 'revoked'],
    ['an expired key', {}, { expiresAt: earlier }, 'expired'],
    ['a suspended client', {}, { clientStatus: 'suspended' }, 'client_suspended'],
    [
      'an address off the list',
      {},
      { ipRanges: [parseAllowListEntry('198.51.100.0/24') as CidrRange] },
      'ip_forbidden',
    ],
    ['the API switched off', { switches: { apiEnabled: false, disabledScopes: [] } }, {}, 'api_disabled'],
    [
      'the scope switched off',
      { switches: { apiEnabled: true, disabledScopes: ['search:read'] } },
      {},
      'scope_disabled',
    ],
    ['a missing scope', { requiredScope: 'bookings:write' }, {}, 'insufficient_scope'],
  ])('when %s, then the result is %s', (_case, overrides, key, result) => {
    expect(verifyKey(input(overrides, key)).result).toBe(result);
  });

  it('when a rotated key is still in its grace period, then it is valid', () => {
    expect(verifyKey(input({}, { revokedAt: later })).result).toBe('valid');
  });

  it('when a key has not expired yet, then it is valid', () => {
    expect(verifyKey(input({}, { expiresAt: later })).result).toBe('valid');
  });

  it('when a route needs no scope (GET /me), then any valid key passes', () => {
    expect(verifyKey(input({ requiredScope: null }, { scopes: [] })).result).toBe('valid');
  });

  it('when several checks fail, then the earliest step of the pipeline decides', () => {
    const everythingWrong = input(
      { switches: { apiEnabled: false, disabledScopes: ['search:read'] }, requiredScope: 'bookings:write' },
      { revokedAt: earlier, expiresAt: earlier, clientStatus: 'suspended' },
    );
    expect(verifyKey(everythingWrong).result).toBe('revoked');
  });
});
