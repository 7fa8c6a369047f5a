import { type KeyRevocation, keyStatusAt, keyViewOf, type StoredKey } from './api-key';

const now = new Date('2026-03-01T12:00:00Z');
const at = (offsetSeconds: number) => new Date(now.getTime() + offsetSeconds * 1000);
const key: StoredKey = {
  id: 'key_1',
  clientId: 1,
  name: 'robot',
  prefix: 'ptk_live_AbCd',
  hash: 'a'.repeat(64),
  scopes: ['search:read'],
  environment: 'live',
  ipAllowList: [],
  expiresAt: null,
  rateLimit: null,
  spendingLimits: { dailyLimit: null, perBookingLimit: null },
  createdAt: at(-60),
};
const revocation = (reason: KeyRevocation['reason'], offsetSeconds: number): KeyRevocation => ({
  keyId: 'key_1',
  reason,
  revokedAt: at(offsetSeconds),
  replacedBy: reason === 'rotate' ? 'key_2' : null,
});

describe('api key state', () => {
  it('when a key is revoked at or before now, then it is revoked; a later revocation is a grace period', () => {
    expect(keyStatusAt({ revokedAt: now, expiresAt: null }, now)).toBe('revoked');
    expect(keyStatusAt({ revokedAt: at(1), expiresAt: null }, now)).toBe('active');
    expect(keyStatusAt({ revokedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(keyStatusAt({ revokedAt: at(-1), expiresAt: at(-1) }, now)).toBe('revoked');
  });

  it('when a key in its rotation grace period is revoked, then the earlier revocation decides', () => {
    const view = keyViewOf(key, [revocation('rotate', 3600), revocation('revoke', -5)], now);
    expect(view).toMatchObject({ status: 'revoked', revokedAt: at(-5), replacedBy: 'key_2' });
  });

  it('when a key is rotated with grace, then it stays active until the grace period ends', () => {
    const view = keyViewOf(key, [revocation('rotate', 30)], now);
    expect(view).toMatchObject({ status: 'active', revokedAt: at(30), replacedBy: 'key_2' });
    expect(keyViewOf(key, [revocation('rotate', 30)], at(30)).status).toBe('revoked');
  });

  it('when a key is shown, then its hash is not', () => {
    expect(keyViewOf(key, [], now)).not.toHaveProperty('hash');
  });
});
