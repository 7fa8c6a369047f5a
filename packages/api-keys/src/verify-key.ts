import type { CidrRange } from './ip-allow-list';
import { isAddressAllowed } from './ip-allow-list';
import type { KeyEnvironment } from './key-format';
import { parseApiKey } from './key-format';

/** What the gateway caches about a key, looked up by the SHA-256 of the presented secret. */
export interface KeyRecord {
  keyId: string;
  clientId: number;
  clientName: string;
  tenantId: string | null;
  environment: KeyEnvironment;
  scopes: readonly string[];
  /** Parsed once when cached, not per request. Empty: any address. */
  ipRanges: readonly CidrRange[];
  expiresAt: Date | null;
  /** When the key stops working: now for a revocation, the end of the grace period for a rotation. */
  revokedAt: Date | null;
  clientStatus: 'active' | 'suspended';
  /** The key's own limit; null means the platform default. */
  rateLimit: { limit: number; windowSeconds: number } | null;
  /** Whole rupees its bookings may reach per UTC day and per booking (null: no limit); booking enforces them. */
  spendingLimits: { dailyLimit: number | null; perBookingLimit: number | null };
}

export interface PlatformSwitches {
  apiEnabled: boolean;
  disabledScopes: readonly string[];
}

export interface KeyCheckInput {
  /** The bearer token as sent, or undefined when there was none. */
  presented: string | undefined;
  /** The record whose hash matches the presented key, if any. */
  record: KeyRecord | undefined;
  now: Date;
}

export type KeyCheck =
  | { result: 'valid'; key: KeyRecord }
  | { result: 'missing' | 'malformed' | 'unknown' | 'revoked' | 'expired' | 'client_suspended' };

/** The result of one access step after authentication; `allowed` lets the request go on. */
export type AccessCheck =
  | { result: 'allowed' }
  | { result: 'ip_forbidden' | 'api_disabled' }
  | { result: 'scope_disabled' | 'insufficient_scope'; scope: string };

const allowed: AccessCheck = { result: 'allowed' };

/**
 * Authentication of a partner key as one pure function: is there a key, is it ours, is it still
 * usable, and may its client call at all. The first failing check decides the result.
 */
export function verifyKey({ presented, record, now }: KeyCheckInput): KeyCheck {
  if (presented === undefined) return { result: 'missing' };
  if (!parseApiKey(presented)) return { result: 'malformed' };
  if (!record) return { result: 'unknown' };
  if (record.revokedAt && record.revokedAt.getTime() <= now.getTime()) return { result: 'revoked' };
  if (record.expiresAt && record.expiresAt.getTime() <= now.getTime()) return { result: 'expired' };
  if (record.clientStatus !== 'active') return { result: 'client_suspended' };
  return { result: 'valid', key: record };
}

/** The key's IP allow-list against the resolved client address; an empty list allows any address. */
export function checkIpAllowList(key: KeyRecord, clientAddress: string): AccessCheck {
  return isAddressAllowed(key.ipRanges, clientAddress) ? allowed : { result: 'ip_forbidden' };
}

/** The administrator's platform-wide switches; `requiredScope` null is a route any key may call. */
export function checkPlatformSwitches(switches: PlatformSwitches, requiredScope: string | null): AccessCheck {
  if (!switches.apiEnabled) return { result: 'api_disabled' };
  if (requiredScope !== null && switches.disabledScopes.includes(requiredScope))
    return { result: 'scope_disabled', scope: requiredScope };
  return allowed;
}

export function checkScope(key: KeyRecord, requiredScope: string | null): AccessCheck {
  if (requiredScope === null || key.scopes.includes(requiredScope)) return allowed;
  return { result: 'insufficient_scope', scope: requiredScope };
}
