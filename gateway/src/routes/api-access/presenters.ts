import type { apiAccess } from '@travel/contracts';
import { iso } from '../common/iso';

// Proto messages → the internal API's JSON shapes (internal.yaml). Absent optionals become null.

export function presentKey(key: apiAccess.ApiKey) {
  return {
    id: key.id,
    clientId: key.clientId,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    environment: key.environment,
    ipAllowList: key.ipAllowList,
    expiresAt: iso(key.expiresAt),
    status: key.status,
    revokedAt: iso(key.revokedAt),
    rateLimit: key.rateLimit ?? null,
    createdAt: iso(key.createdAt),
    replacedBy: key.replacedBy ?? null,
    spendingLimits: {
      dailyLimit: key.spendingLimits?.dailyLimit ?? null,
      perBookingLimit: key.spendingLimits?.perBookingLimit ?? null,
    },
  };
}

export function presentIssuedKey(issued: apiAccess.IssuedKey | undefined) {
  if (!issued?.key) throw new Error('identity answered no issued key');
  return { ...presentKey(issued.key), secret: issued.secret };
}

export function presentClient(client: apiAccess.ApiClient | undefined) {
  if (!client) throw new Error('identity answered no client');
  return {
    id: client.id,
    name: client.name,
    tenantId: client.tenantId ?? null,
    status: client.status,
    createdAt: iso(client.createdAt),
    keys: client.keys.map(presentKey),
  };
}

export function presentSettings(settings: apiAccess.ApiSettings | undefined) {
  if (!settings?.defaultRateLimit) throw new Error('identity answered no settings');
  return {
    apiEnabled: settings.apiEnabled,
    disabledScopes: settings.disabledScopes,
    defaultRateLimit: settings.defaultRateLimit,
  };
}

export function presentUsageRow(row: apiAccess.UsageRow) {
  return {
    day: row.day,
    clientId: row.clientId,
    keyId: row.keyId,
    route: row.route,
    requests: row.requests,
    clientErrors: row.clientErrors,
    serverErrors: row.serverErrors,
    averageLatencyMs: row.averageLatencyMs,
    maxLatencyMs: row.maxLatencyMs,
  };
}
