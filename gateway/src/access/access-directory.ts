import {
  type ConsoleIpPolicy,
  consoleIpPolicy,
  type KeyRecord,
  type PlatformSwitches,
} from '@travel/api-keys';
import type { apiAccess, customers, platformSettings, staff } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import { type AccessCacheName, accessCacheCounts } from './access-cache-metrics';
import { createIdentityReachability } from './identity-reachability';
import {
  type CustomerSession,
  changeTag,
  loadedCustomerSession,
  loadedKey,
  loadedStaffSession,
  type StaffSession,
} from './identity-records';
import { createInvalidatingCache, type Loaded } from './invalidating-cache';

export type { CustomerSession, StaffSession } from './identity-records';

export interface PlatformSettings extends PlatformSwitches {
  defaultRateLimit: { limit: number; windowSeconds: number };
}

/** The platform settings the gateway enforces: the storefront switch. */
export interface StorefrontSettings {
  storefrontEnabled: boolean;
}

/** One `identity.changed` payload: what changed (`api_key`, `role`, ...) and its id. */
export interface IdentityChange {
  kind: string;
  id: string;
}

export interface AccessDirectory {
  /** The key whose SHA-256 is `hash`, or undefined for a key identity does not know. */
  findKey(hash: string): Promise<KeyRecord | undefined>;
  settings(): Promise<PlatformSettings>;
  /** `userId` is the one the session's verified token names. */
  session(sessionId: string, userId: string): Promise<StaffSession>;
  customerSession(sessionId: string): Promise<CustomerSession>;
  storefront(): Promise<StorefrontSettings>;
  /** The console IP rules, parsed. */
  consoleIpPolicy(): Promise<ConsoleIpPolicy>;
  /** Identity announced a change: evict what it names. False for a kind this gateway does not know. */
  evict(change: IdentityChange): boolean;
  /** Changes may have been missed (a gap in `identity.changes`): every entry is asked for again. */
  revalidateAll(): void;
}

export interface AccessDirectoryDeps {
  apiAccess: ServiceClient<typeof apiAccess.ApiAccessServiceDefinition>;
  staff: ServiceClient<typeof staff.StaffServiceDefinition>;
  customers: ServiceClient<typeof customers.CustomerServiceDefinition>;
  platformSettings: ServiceClient<typeof platformSettings.PlatformSettingsServiceDefinition>;
  /** ACCESS_CACHE_TTL_MS: how long an entry is trusted without asking identity again. */
  freshMs: number;
  /** ACCESS_CACHE_OUTAGE_GRACE_MS: how long past that it still answers while identity cannot be asked. */
  graceMs: number;
  /** ACCESS_LOOKUP_DEADLINE_MS: how long one lookup waits for identity. */
  lookupDeadlineMs: number;
  /** Monotonic milliseconds; tests pass their own. */
  now?: () => number;
}

const PLATFORM = 'platform';
/** After identity failed to answer, lookups rest this long before one probes again. */
const IDENTITY_REST_MS = 1000;

/**
 * The gateway's view of identity: keys, platform settings and sessions, each fetched over gRPC once and then
 * served from memory until identity announces a change to that entry on `identity.changes`.
 */
export function createAccessDirectory(deps: AccessDirectoryDeps): AccessDirectory {
  const now = deps.now ?? (() => performance.now());
  const reachability = createIdentityReachability({ restMs: IDENTITY_REST_MS, now });
  const call = { deadline: deps.lookupDeadlineMs };
  const cache = <V extends object>(
    name: AccessCacheName,
    max: number,
    load: (key: string) => Promise<Loaded<V>>,
  ) =>
    createInvalidatingCache<V>({
      load,
      max,
      freshMs: deps.freshMs,
      graceMs: deps.graceMs,
      reachability,
      counts: accessCacheCounts(name),
      now,
    });

  const keys = cache('api_keys', 50_000, async (hash) =>
    loadedKey(await deps.apiAccess.findKeyByHash({ hash }, call)),
  );
  const settings = cache<PlatformSettings>('api_settings', 1, async () => {
    const { settings: found } = await deps.apiAccess.getApiSettings({}, call);
    if (!found?.defaultRateLimit) throw new Error('identity answered no api settings');
    const { apiEnabled, disabledScopes, defaultRateLimit } = found;
    return { value: { apiEnabled, disabledScopes, defaultRateLimit } };
  });
  const sessions = cache('staff_sessions', 10_000, async (sessionId) =>
    loadedStaffSession(await deps.staff.getSession({ sessionId }, call)),
  );
  const customerSessions = cache('customer_sessions', 50_000, async (sessionId) =>
    loadedCustomerSession(await deps.customers.getCustomerSession({ sessionId }, call)),
  );
  const storefront = cache<StorefrontSettings>('platform_settings', 1, async () => {
    const { settings: found } = await deps.platformSettings.getPlatformSettings({}, call);
    if (!found) throw new Error('identity answered no platform settings');
    return { value: { storefrontEnabled: found.storefrontEnabled } };
  });
  const ipRules = cache<ConsoleIpPolicy>('console_ip_rules', 1, async () => {
    const { rules } = await deps.platformSettings.listConsoleIpRules({}, call);
    const policy = consoleIpPolicy(
      rules.map((rule) => ({ action: rule.action === 'allow' ? 'allow' : 'deny', cidr: rule.cidr })),
    );
    return { value: policy };
  });

  /** Each kind identity announces (services/identity/src/domain/identity-changes.ts) and what it evicts. */
  const evictions: Record<string, (id: string) => void> = {
    api_key: (id) => keys.evictTagged(changeTag.key(id)),
    api_client: (id) => keys.evictTagged(changeTag.client(id)),
    tenant: (id) => {
      keys.evictTagged(changeTag.tenant(id));
      sessions.evictTagged(changeTag.tenant(id));
    },
    staff_session: (id) => sessions.evict(id),
    staff_user: (id) => sessions.evictTagged(changeTag.user(id)),
    role: (id) => sessions.evictTagged(changeTag.role(id)),
    customer_session: (id) => customerSessions.evict(id),
    api_settings: () => settings.evict(PLATFORM),
    platform_settings: () => storefront.evict(PLATFORM),
    console_ip_rules: () => ipRules.evict(PLATFORM),
  };
  const all = [keys, settings, sessions, customerSessions, storefront, ipRules];

  return {
    findKey: (hash) => keys.get(hash),
    settings: async () => (await settings.get(PLATFORM)) as PlatformSettings,
    session: async (sessionId, userId) =>
      (await sessions.get(sessionId, [changeTag.user(userId)])) ?? { active: false },
    customerSession: async (sessionId) => (await customerSessions.get(sessionId)) ?? { active: false },
    storefront: async () => (await storefront.get(PLATFORM)) as StorefrontSettings,
    consoleIpPolicy: async () => (await ipRules.get(PLATFORM)) as ConsoleIpPolicy,
    evict(change) {
      const evict = Object.hasOwn(evictions, change.kind) ? evictions[change.kind] : undefined;
      evict?.(change.id);
      return evict !== undefined;
    },
    revalidateAll() {
      for (const each of all) each.revalidateAll();
    },
  };
}
