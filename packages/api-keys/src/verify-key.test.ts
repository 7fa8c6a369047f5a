import { type CidrRange, parseAllowListEntry } from './ip-allow-list';
import {
  checkIpAllowList,
  checkPlatformSwitches,
  checkScope,
  type KeyCheckInput,
  type KeyRecord,
  verifyKey,
} from './verify-key';

const now = new Date('2026-11-21T12:00:00Z');
const secret = 'ptk_live_0123456789abcdefghijABCDEFGHIJ01';
const record: KeyRecord = {
  keyId: 'key_1',
  clientId: 1,
  clientName: 'Acme Travel',
  tenantId: 'ten_1',
  environment: 'live',
  scopes: ['search:read', 'bookings:read'],
  ipRanges: [],
  expiresAt: null,
  revokedAt: null,
  clientStatus: 'active',
  rateLimit: null,
  spendingLimits: { dailyLimit: null, perBookingLimit: null },
};
const input = (overrides: Partial<KeyCheckInput> = {}, key: Partial<KeyRecord> = {}): KeyCheckInput => ({
  presented: secret,
  record: { ...record, ...key },
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
    ['a key expiring exactly now', {}, { expiresAt: now }, 'expired'],
    ['a suspended client', {}, { clientStatus: 'suspended' }, 'client_suspended'],
  ])('when %s, then the result is %s', (_case, overrides, key, result) => {
    expect(verifyKey(input(overrides, key)).result).toBe(result);
  });

  it('when a rotated key is still in its grace period, then it is valid', () => {
    expect(verifyKey(input({}, { revokedAt: later })).result).toBe('valid');
  });

  it('when a key has not expired yet, then it is valid', () => {
    expect(verifyKey(input({}, { expiresAt: later })).result).toBe('valid');
  });

  it('when several checks fail, then the earliest decides', () => {
    const everythingWrong = input({}, { revokedAt: earlier, expiresAt: earlier, clientStatus: 'suspended' });
    expect(verifyKey(everythingWrong).result).toBe('revoked');
  });
});

describe('access steps after authentication', () => {
  it('when the address is off the allow-list, then it is ip_forbidden; on it, allowed', () => {
    const key = { ...record, ipRanges: [parseAllowListEntry('198.51.100.0/24') as CidrRange] };
    expect(checkIpAllowList(key, '203.0.113.9').result).toBe('ip_forbidden');
    expect(checkIpAllowList(key, '198.51.100.7').result).toBe('allowed');
    expect(checkIpAllowList(record, '203.0.113.9').result).toBe('allowed');
  });

  it('when the API is off, then api_disabled wins over a disabled scope', () => {
    expect(
      checkPlatformSwitches({ apiEnabled: false, disabledScopes: ['search:read'] }, 'search:read').result,
    ).toBe('api_disabled');
  });

  it('when the route scope is switched off, then scope_disabled; a scope-less route is unaffected', () => {
    const switches = { apiEnabled: true, disabledScopes: ['search:read'] };
    expect(checkPlatformSwitches(switches, 'search:read')).toEqual({
      result: 'scope_disabled',
      scope: 'search:read',
    });
    expect(checkPlatformSwitches(switches, null).result).toBe('allowed');
  });

  it('when the key lacks the scope, then insufficient_scope; GET /me (no scope) passes any key', () => {
    expect(checkScope(record, 'bookings:write')).toEqual({
      result: 'insufficient_scope',
      scope: 'bookings:write',
    });
    expect(checkScope(record, 'search:read').result).toBe('allowed');
    expect(checkScope({ ...record, scopes: [] }, null).result).toBe('allowed');
  });
});
