import { checkIpAllowList } from '@travel/api-keys';
import type { apiAccess } from '@travel/contracts';
import { documented } from '@travel/testkit';
import { loadedCustomerSession, loadedKey, loadedStaffSession } from './identity-records';

const record: apiAccess.KeyAuthRecord = {
  keyId: 'key_9',
  clientId: 42,
  clientName: 'Acme Travel',
  tenantId: 'ten_1',
  clientStatus: 'active',
  environment: 'test',
  scopes: ['bookings:read'],
  ipAllowList: ['203.0.113.0/24'],
  expiresAt: new Date('2027-01-01T00:00:00Z'),
  revokedAt: new Date('2026-01-01T00:00:00Z'),
  rateLimit: { limit: 10, windowSeconds: 60 },
  spendingLimits: { dailyLimit: 5000, perBookingLimit: 900 },
};

describe("identity's key records as the gateway keeps them", () => {
  it('when identity finds the key, then every field is kept and it is tagged by its key, client and tenant', () => {
    documented(
      'docs/access.md',
      "| carried | the gateway's cached key record, then every partner call's `Caller` (`api_key_id`, `spending_limits`) |",
    );
    const loaded = loadedKey({ found: true, record });
    const { ipRanges, ...rest } = loaded.value ?? { ipRanges: [] };
    expect(rest).toEqual({
      keyId: 'key_9',
      clientId: 42,
      clientName: 'Acme Travel',
      tenantId: 'ten_1',
      environment: 'test',
      scopes: ['bookings:read'],
      expiresAt: new Date('2027-01-01T00:00:00Z'),
      revokedAt: new Date('2026-01-01T00:00:00Z'),
      clientStatus: 'active',
      rateLimit: { limit: 10, windowSeconds: 60 },
      spendingLimits: { dailyLimit: 5000, perBookingLimit: 900 },
    });
    expect(ipRanges).toHaveLength(1);
    expect(loaded.tags).toEqual(['key:key_9', 'client:42', 'tenant:ten_1']);
  });

  it('when optional fields are absent, then they are null, and a key of no tenant has no tenant tag', () => {
    const { tenantId: _t, expiresAt: _e, revokedAt: _r, rateLimit: _l, spendingLimits: _s, ...bare } = record;
    const loaded = loadedKey({ found: true, record: { ...bare, ipAllowList: [] } });
    expect(loaded.value).toMatchObject({
      tenantId: null,
      expiresAt: null,
      revokedAt: null,
      rateLimit: null,
      ipRanges: [],
      spendingLimits: { dailyLimit: null, perBookingLimit: null },
    });
    expect(loaded.tags).toEqual(['key:key_9', 'client:42']);
  });

  it('when the client status is anything but active, then the key is of a suspended client', () => {
    for (const clientStatus of ['suspended', 'ACTIVE', '']) {
      expect(loadedKey({ found: true, record: { ...record, clientStatus } }).value?.clientStatus).toBe(
        'suspended',
      );
    }
  });

  it('when an allow-list entry no longer parses, then it allows nothing rather than everything', () => {
    const key = loadedKey({ found: true, record: { ...record, ipAllowList: ['not an address'] } }).value;
    if (!key) throw new Error('no key');
    expect(key.ipRanges).toHaveLength(1);
    for (const address of ['203.0.113.5', '192.0.2.1', '::1', '2001:db8::1'])
      expect(checkIpAllowList(key, address).result).toBe('ip_forbidden');
    // The entries that do parse keep their meaning.
    const listed = loadedKey({ found: true, record }).value;
    if (!listed) throw new Error('no key');
    expect(checkIpAllowList(listed, '203.0.113.5').result).toBe('allowed');
    expect(checkIpAllowList(listed, '192.0.2.1').result).toBe('ip_forbidden');
  });

  it('when identity does not find the key, then "no such key" is what is kept, untagged', () => {
    expect(loadedKey({ found: false })).toEqual({ value: undefined });
    expect(loadedKey({ found: true })).toEqual({ value: undefined });
    expect(loadedKey({ found: false, record })).toEqual({ value: undefined });
  });
});

describe("identity's sessions as the gateway keeps them", () => {
  const user = {
    id: 'usr_1',
    email: 'agent@example.com',
    name: 'Agent',
    tenantId: 'ten_1',
    roleId: 'rol_1',
    status: 'active',
  };

  it('when a staff session is active, then its principal is kept, tagged by user, role and tenant', () => {
    const loaded = loadedStaffSession({
      active: true,
      profile: { user, roleName: 'Agents', rights: ['bookings'], platform: false },
    });
    expect(loaded).toEqual({
      value: {
        active: true,
        principal: {
          userId: 'usr_1',
          email: 'agent@example.com',
          tenantId: 'ten_1',
          platform: false,
          rights: ['bookings'],
        },
      },
      tags: ['user:usr_1', 'role:rol_1', 'tenant:ten_1'],
    });
  });

  it('when a platform member’s session is active, then it has no tenant and no tenant tag', () => {
    const { tenantId: _t, ...platformUser } = user;
    const loaded = loadedStaffSession({
      active: true,
      profile: { user: platformUser, roleName: 'Admins', rights: [], platform: true },
    });
    expect(loaded.value).toMatchObject({ active: true, principal: { tenantId: null, platform: true } });
    expect(loaded.tags).toEqual(['user:usr_1', 'role:rol_1']);
  });

  it('when a staff session is inactive or has no user, then it is kept inactive and untagged', () => {
    const profile = { user, roleName: 'Agents', rights: [], platform: false };
    expect(loadedStaffSession({ active: false, profile })).toEqual({ value: { active: false } });
    expect(loadedStaffSession({ active: true, profile: { ...profile, user: undefined } })).toEqual({
      value: { active: false },
    });
    expect(loadedStaffSession({ active: true })).toEqual({ value: { active: false } });
  });

  it('when a customer session is active, then its customer is kept; inactive or customerless, it is inactive', () => {
    const customer = { id: 'cus_1', email: 'ana@example.com', fullName: 'Ana' };
    expect(loadedCustomerSession({ active: true, customer })).toEqual({
      value: { active: true, principal: { customerId: 'cus_1', email: 'ana@example.com' } },
    });
    expect(loadedCustomerSession({ active: false, customer })).toEqual({ value: { active: false } });
    expect(loadedCustomerSession({ active: true })).toEqual({ value: { active: false } });
  });
});
