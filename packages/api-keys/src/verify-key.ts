import type { CidrRange } from './ip-allow-list';
import { isAddressAllowed } from './ip-allow-list';
import type { KeyEnvironment } from './key-format';
import { parseApiKey } from './key-format';

/** What the gateway caches about a key, looked up by the SHA-256 of the presented secret. */
export interface KeyRecord {
  keyId: string;
  clientId: string;
  tenantId: string | null;
  environment: KeyEnvironment;
  scopes: readonly string[];
  /** Parsed once when cached, not per request. Empty: any address. */
  ipRanges: readonly CidrRange[];
  expiresAt: Date | null;
  /** When the key stops working: now for a revocation, the end of the grace period for a rotation. */
  revokedAt: Date | null;
  clientStatus: 'active' | 'suspended';
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
  clientAddress: string;
  /** The route's scope; `null` for routes any valid key may call (`GET /me`). */
  requiredScope: string | null;
  switches: PlatformSwitches;
  now: Date;
}

export type KeyCheck =
  | { result: 'valid'; key: KeyRecord }
  | { result: 'missing' | 'malformed' | 'unknown' | 'revoked' | 'expired' }
  | { result: 'client_suspended' | 'ip_forbidden' | 'api_disabled' }
  | { result: 'scope_disabled' | 'insufficient_scope'; scope: string };

/**
 * The whole partner key check as one pure function, in the gateway's order: authenticate → IP
 * allow-list → platform switches → scope. The first failing step decides the result.
 */
export function verifyKey(input: KeyCheckInput): KeyCheck {
  const { presented, record, now } = input;
  if (presented === undefined) return { result: 'missing' };
  if (!parseApiKey(presented)) return { result: 'malformed' };
  if (!record) return { result: 'unknown' };
  if (record.revokedAt && record.revokedAt.getTime() <= now.getTime()) return { result: 'revoked' };
  if (record.expiresAt && record.expiresAt.getTime() <= now.getTime()) return { result: 'expired' };
  if (record.clientStatus !== 'active') return { result: 'client_suspended' };
  if (!isAddressAllowed(record.ipRanges, input.clientAddress)) return { result: 'ip_forbidden' };
  if (!input.switches.apiEnabled) return { result: 'api_disabled' };
  const scope = input.requiredScope;
  if (scope !== null && input.switches.disabledScopes.includes(scope))
    return { result: 'scope_disabled', scope };
  if (scope !== null && !record.scopes.includes(scope)) return { result: 'insufficient_scope', scope };
  return { result: 'valid', key: record };
}
