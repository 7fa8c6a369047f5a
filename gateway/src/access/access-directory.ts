import {
  type CidrRange,
  type KeyEnvironment,
  type KeyRecord,
  type PlatformSwitches,
  parseAllowListEntry,
} from '@travel/api-keys';
import type { apiAccess, staff } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import type { StaffPrincipal } from '../http/request-context';
import { createInvalidatingCache } from './invalidating-cache';

export interface PlatformSettings extends PlatformSwitches {
  defaultRateLimit: { limit: number; windowSeconds: number };
}

/** A staff session as the gateway keeps it: the principal, or inactive (revoked, expired, user disabled). */
export type StaffSession = { active: true; principal: Omit<StaffPrincipal, 'sessionId'> } | { active: false };

export interface AccessDirectory {
  /** The key whose SHA-256 is `hash`, or undefined for a key identity does not know. */
  findKey(hash: string): Promise<KeyRecord | undefined>;
  settings(): Promise<PlatformSettings>;
  session(sessionId: string): Promise<StaffSession>;
  /** Identity announced a change: forget everything. */
  clear(): void;
}

export interface AccessDirectoryDeps {
  apiAccess: ServiceClient<typeof apiAccess.ApiAccessServiceDefinition>;
  staff: ServiceClient<typeof staff.StaffServiceDefinition>;
  ttlMs: number;
}

const PLATFORM = 'platform';

/**
 * The gateway's view of identity: keys, platform switches and staff sessions, each fetched over gRPC
 * once and then served from memory until identity announces a change on `identity.changes`.
 */
export function createAccessDirectory({ apiAccess, staff, ttlMs }: AccessDirectoryDeps): AccessDirectory {
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
  return {
    findKey: (hash) => keys.get(hash),
    settings: async () => (await settings.get(PLATFORM)) as PlatformSettings,
    session: async (sessionId) => (await sessions.get(sessionId)) ?? { active: false },
    clear() {
      keys.clear();
      settings.clear();
      sessions.clear();
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
