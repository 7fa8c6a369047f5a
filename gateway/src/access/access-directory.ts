import {
  type CidrRange,
  type ConsoleIpPolicy,
  consoleIpPolicy,
  type KeyEnvironment,
  type KeyRecord,
  type PlatformSwitches,
  parseAllowListEntry,
} from '@travel/api-keys';
import type { apiAccess, customers, platformSettings, staff } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import type { CustomerPrincipal, StaffPrincipal } from '../http/request-context';
import { createInvalidatingCache } from './invalidating-cache';

export interface PlatformSettings extends PlatformSwitches {
  defaultRateLimit: { limit: number; windowSeconds: number };
}

/** A staff session as the gateway keeps it: the principal, or inactive (revoked, expired, user disabled). */
export type StaffSession = { active: true; principal: Omit<StaffPrincipal, 'sessionId'> } | { active: false };

/** A customer session as the gateway keeps it. */
export type CustomerSession =
  | { active: true; principal: Omit<CustomerPrincipal, 'sessionId'> }
  | { active: false };

/** The platform settings the gateway enforces: the storefront switch. */
export interface StorefrontSettings {
  storefrontEnabled: boolean;
}

export interface AccessDirectory {
  /** The key whose SHA-256 is `hash`, or undefined for a key identity does not know. */
  findKey(hash: string): Promise<KeyRecord | undefined>;
  settings(): Promise<PlatformSettings>;
  session(sessionId: string): Promise<StaffSession>;
  customerSession(sessionId: string): Promise<CustomerSession>;
  storefront(): Promise<StorefrontSettings>;
  /** The console IP rules, parsed. */
  consoleIpPolicy(): Promise<ConsoleIpPolicy>;
  /** Identity announced a change: forget everything. */
  clear(): void;
}

export interface AccessDirectoryDeps {
  apiAccess: ServiceClient<typeof apiAccess.ApiAccessServiceDefinition>;
  staff: ServiceClient<typeof staff.StaffServiceDefinition>;
  customers: ServiceClient<typeof customers.CustomerServiceDefinition>;
  platformSettings: ServiceClient<typeof platformSettings.PlatformSettingsServiceDefinition>;
  ttlMs: number;
}

const PLATFORM = 'platform';

/**
 * The gateway's view of identity: keys, platform switches and staff sessions, each fetched over gRPC
 * once and then served from memory until identity announces a change on `identity.changes`.
 */
export function createAccessDirectory(deps: AccessDirectoryDeps): AccessDirectory {
  const { apiAccess, staff, ttlMs } = deps;
  const keys = createInvalidatingCache<KeyRecord>({
    ttlMs,
    max: 50_000,
    load: async (hash) => {
      const reply = await apiAccess.findKeyByHash({ hash });
      return reply.found && reply.record ? toKeyRecord(reply.record) : undefined;
    },
  });
  const settings = createInvalidatingCache<PlatformSettings>({
    ttlMs,
    max: 1,
    load: async () => {
      const { settings: found } = await apiAccess.getApiSettings({});
      if (!found?.defaultRateLimit) throw new Error('identity answered no api settings');
      return {
        apiEnabled: found.apiEnabled,
        disabledScopes: found.disabledScopes,
        defaultRateLimit: found.defaultRateLimit,
      };
    },
  });
  const sessions = createInvalidatingCache<StaffSession>({
    ttlMs,
    max: 10_000,
    load: async (sessionId) => toStaffSession(await staff.getSession({ sessionId })),
  });
  const customerSessions = createInvalidatingCache<CustomerSession>({
    ttlMs,
    max: 50_000,
    load: async (sessionId) => toCustomerSession(await deps.customers.getCustomerSession({ sessionId })),
  });
  const storefront = createInvalidatingCache<StorefrontSettings>({
    ttlMs,
    max: 1,
    load: async () => {
      const { settings: found } = await deps.platformSettings.getPlatformSettings({});
      if (!found) throw new Error('identity answered no platform settings');
      return { storefrontEnabled: found.storefrontEnabled };
    },
  });
  const ipRules = createInvalidatingCache<ConsoleIpPolicy>({
    ttlMs,
    max: 1,
    load: async () => {
      const { rules } = await deps.platformSettings.listConsoleIpRules({});
      return consoleIpPolicy(
        rules.map((rule) => ({ action: rule.action === 'allow' ? 'allow' : 'deny', cidr: rule.cidr })),
      );
    },
  });
  return {
    findKey: (hash) => keys.get(hash),
    settings: async () => (await settings.get(PLATFORM)) as PlatformSettings,
    session: async (sessionId) => (await sessions.get(sessionId)) ?? { active: false },
    customerSession: async (sessionId) => (await customerSessions.get(sessionId)) ?? { active: false },
    storefront: async () => (await storefront.get(PLATFORM)) as StorefrontSettings,
    consoleIpPolicy: async () => (await ipRules.get(PLATFORM)) as ConsoleIpPolicy,
    clear() {
      keys.clear();
      settings.clear();
      sessions.clear();
      customerSessions.clear();
      storefront.clear();
      ipRules.clear();
    },
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

function toStaffSession(reply: staff.GetSessionResponse): StaffSession {
  const profile = reply.profile;
  if (!reply.active || !profile?.user) return { active: false };
  return {
    active: true,
    principal: {
      userId: profile.user.id,
      email: profile.user.email,
      tenantId: profile.user.tenantId ?? null,
      platform: profile.platform,
      rights: profile.rights,
    },
  };
}

function toCustomerSession(reply: customers.GetCustomerSessionResponse): CustomerSession {
  const customer = reply.customer;
  if (!reply.active || !customer) return { active: false };
  return { active: true, principal: { customerId: customer.id, email: customer.email } };
}
