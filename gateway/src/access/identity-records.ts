import { type CidrRange, type KeyEnvironment, type KeyRecord, parseAllowListEntry } from '@travel/api-keys';
import type { apiAccess, customers, staff } from '@travel/contracts';
import type { CustomerPrincipal, StaffPrincipal } from '../http/request-context';
import type { Loaded } from './invalidating-cache';

/** A staff session as the gateway keeps it: the principal, or inactive (revoked, expired, user disabled). */
export type StaffSession = { active: true; principal: Omit<StaffPrincipal, 'sessionId'> } | { active: false };

/** A customer session as the gateway keeps it. */
export type CustomerSession =
  | { active: true; principal: Omit<CustomerPrincipal, 'sessionId'> }
  | { active: false };

/**
 * The tags an announced change names (docs/access.md, "The access directory and `identity.changes`"): a key is
 * evicted by its own id, its client's and its tenant's; a staff session by its user's, its role's and its tenant's.
 */
export const changeTag = {
  key: (keyId: string) => `key:${keyId}`,
  client: (clientId: number | string) => `client:${clientId}`,
  tenant: (tenantId: string) => `tenant:${tenantId}`,
  user: (userId: string) => `user:${userId}`,
  role: (roleId: string) => `role:${roleId}`,
};

export function loadedKey(reply: apiAccess.FindKeyByHashResponse): Loaded<KeyRecord> {
  if (!reply.found || !reply.record) return { value: undefined };
  const record = toKeyRecord(reply.record);
  return {
    value: record,
    tags: [
      changeTag.key(record.keyId),
      changeTag.client(record.clientId),
      ...(record.tenantId ? [changeTag.tenant(record.tenantId)] : []),
    ],
  };
}

function toKeyRecord(record: apiAccess.KeyAuthRecord): KeyRecord {
  return {
    keyId: record.keyId,
    clientId: record.clientId,
    clientName: record.clientName,
    tenantId: record.tenantId ?? null,
    environment: record.environment as KeyEnvironment,
    scopes: record.scopes,
    // Entries were validated when stored; one that no longer parses allows nothing rather than everything.
    ipRanges: record.ipAllowList.map((entry) => parseAllowListEntry(entry) ?? NOTHING),
    expiresAt: record.expiresAt ?? null,
    revokedAt: record.revokedAt ?? null,
    clientStatus: record.clientStatus === 'active' ? 'active' : 'suspended',
    rateLimit: record.rateLimit ?? null,
    spendingLimits: {
      dailyLimit: record.spendingLimits?.dailyLimit ?? null,
      perBookingLimit: record.spendingLimits?.perBookingLimit ?? null,
    },
  };
}

/** A range no address falls in: `::/128` matches only the unspecified address, never a real peer. */
const NOTHING = parseAllowListEntry('::/128') as CidrRange;

/** An inactive session is tagged by the user its token names (the caller's tag), so a re-enabled user's comes back. */
export function loadedStaffSession(reply: staff.GetSessionResponse): Loaded<StaffSession> {
  const profile = reply.profile;
  if (!reply.active || !profile?.user) return { value: { active: false } };
  const user = profile.user;
  return {
    value: {
      active: true,
      principal: {
        userId: user.id,
        email: user.email,
        tenantId: user.tenantId ?? null,
        platform: profile.platform,
        rights: profile.rights,
      },
    },
    tags: [
      changeTag.user(user.id),
      changeTag.role(user.roleId),
      ...(user.tenantId ? [changeTag.tenant(user.tenantId)] : []),
    ],
  };
}

export function loadedCustomerSession(reply: customers.GetCustomerSessionResponse): Loaded<CustomerSession> {
  const customer = reply.customer;
  if (!reply.active || !customer) return { value: { active: false } };
  return { value: { active: true, principal: { customerId: customer.id, email: customer.email } } };
}
