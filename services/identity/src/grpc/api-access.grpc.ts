import type { apiAccess, apiRequestLog, caller } from '@travel/contracts';
import { type RequestContext, requireCallerOf, type ServiceImplementation } from '@travel/grpc';
import type { ApiKeyView, SpendingLimits } from '../domain/api-access/api-key';
import type { createGetClientTenant } from '../domain/api-access/client-tenant';
import type { createCreateClient } from '../domain/api-access/create-client';
import type { createCreateKey, KeyWithSecret } from '../domain/api-access/create-key';
import type { createDeleteClient } from '../domain/api-access/delete-client';
import type { createFindKeyByHash, KeyAuthRecord } from '../domain/api-access/find-key-by-hash';
import type { ClientWithKeys, createListClients } from '../domain/api-access/list-clients';
import type { createRevokeKey } from '../domain/api-access/revoke-key';
import type { createRotateKey } from '../domain/api-access/rotate-key';
import type { createSetKeySpendingLimits } from '../domain/api-access/set-key-spending-limits';
import type { createUpdateClient } from '../domain/api-access/update-client';
import type { createUpdateKey } from '../domain/api-access/update-key';
import {
  type createGetRequestLog,
  type createListRequestLogs,
  REQUEST_LOG_RIGHTS,
  type RequestLogEntry,
} from '../domain/request-logs/request-logs';
import type { ApiSettings } from '../domain/settings/api-settings';
import type { createUpdateApiSettings } from '../domain/settings/update-api-settings';
import type { createGetUsage } from '../domain/usage/get-usage';
import { requireConsoleStaff, requireStaff, requireStaffWith } from './staff-actor';

/** The right the gateway's `/api/admin/api-access` routes require (platform staff). */
const API_ACCESS = 'api-access';
/** Key methods both consoles call: the platform's API-access console and the tenant's own API console. */
const KEY_RIGHTS = { platform: API_ACCESS, tenant: 'api-console' };

export interface ApiAccessUseCases {
  getApiSettings(): Promise<ApiSettings>;
  updateApiSettings: ReturnType<typeof createUpdateApiSettings>;
  findKeyByHash: ReturnType<typeof createFindKeyByHash>;
  listClients: ReturnType<typeof createListClients>;
  getClientTenant: ReturnType<typeof createGetClientTenant>;
  createClient: ReturnType<typeof createCreateClient>;
  updateClient: ReturnType<typeof createUpdateClient>;
  deleteClient: ReturnType<typeof createDeleteClient>;
  createKey: ReturnType<typeof createCreateKey>;
  updateKey: ReturnType<typeof createUpdateKey>;
  revokeKey: ReturnType<typeof createRevokeKey>;
  rotateKey: ReturnType<typeof createRotateKey>;
  getUsage: ReturnType<typeof createGetUsage>;
  listRequestLogs: ReturnType<typeof createListRequestLogs>;
  getRequestLog: ReturnType<typeof createGetRequestLog>;
  setKeySpendingLimits: ReturnType<typeof createSetKeySpendingLimits>;
}

/**
 * Thin handlers: decode (wrapper messages become "absent" or "cleared"), call one use case, encode.
 * Administrative calls carry the verified staff member; the gateway's own lookups (settings, key by
 * hash) carry none.
 */
export function createApiAccessGrpc(
  useCases: ApiAccessUseCases,
): ServiceImplementation<typeof apiAccess.ApiAccessServiceDefinition, RequestContext> {
  return {
    async getApiSettings() {
      return { settings: await useCases.getApiSettings() };
    },
    async updateApiSettings(request) {
      const settings = await useCases.updateApiSettings({
        actor: requireStaffWith(request.caller, API_ACCESS),
        apiEnabled: request.apiEnabled,
        disabledScopes: request.disabledScopes?.values,
        defaultRateLimit: request.defaultRateLimit,
      });
      return { settings };
    },
    async findKeyByHash(request) {
      const record = await useCases.findKeyByHash(request.hash);
      return record ? { found: true, record: encodeAuthRecord(record) } : { found: false };
    },
    async listClients(request) {
      const page = await useCases.listClients({ ...request, actor: requireStaff(request.caller) });
      return { clients: page.items.map(encodeClient), nextCursor: page.nextCursor };
    },
    async getClientTenant(request) {
      // Another service's check (webhook's), never a person's: an internal job's caller only (fail closed).
      requireCallerOf(request.caller, 'internal-job');
      const answer = await useCases.getClientTenant(request.clientId);
      return answer.found ? { found: true, tenantId: answer.tenantId ?? undefined } : { found: false };
    },
    async createClient(request) {
      return {
        client: encodeClient(
          await useCases.createClient({ ...request, actor: requireStaffWith(request.caller, API_ACCESS) }),
        ),
      };
    },
    async updateClient(request) {
      return {
        client: encodeClient(
          await useCases.updateClient({ ...request, actor: requireStaffWith(request.caller, API_ACCESS) }),
        ),
      };
    },
    async deleteClient(request) {
      await useCases.deleteClient({ ...request, actor: requireStaffWith(request.caller, API_ACCESS) });
      return {};
    },
    async createKey(request) {
      return {
        issued: encodeIssued(
          await useCases.createKey({ ...request, actor: requireConsoleStaff(request.caller, KEY_RIGHTS) }),
        ),
      };
    },
    async updateKey(request) {
      const key = await useCases.updateKey({
        actor: requireConsoleStaff(request.caller, KEY_RIGHTS),
        id: request.id,
        name: request.name,
        scopes: request.scopes?.values,
        ipAllowList: request.ipAllowList?.values,
        expiresAt: request.expiry && (request.expiry.expiresAt ?? null),
        rateLimit: request.rateLimit && (request.rateLimit.rateLimit ?? null),
      });
      return { key: encodeKey(key) };
    },
    async revokeKey(request) {
      return {
        key: encodeKey(
          await useCases.revokeKey({ ...request, actor: requireConsoleStaff(request.caller, KEY_RIGHTS) }),
        ),
      };
    },
    async rotateKey(request) {
      const rotated = await useCases.rotateKey({ ...request, actor: requireStaff(request.caller) });
      return { issued: encodeIssued(rotated), previous: encodeKey(rotated.previous) };
    },
    async setKeySpendingLimits(request) {
      const key = await useCases.setKeySpendingLimits({
        // Platform staff through the API-access console, tenant staff through their API console.
        actor: requireConsoleStaff(request.caller, KEY_RIGHTS),
        id: request.id,
        limits: {
          dailyLimit: request.limits?.dailyLimit ?? null,
          perBookingLimit: request.limits?.perBookingLimit ?? null,
        },
      });
      return { key: encodeKey(key) };
    },
    async getUsage(request) {
      return {
        rows: await useCases.getUsage({ ...request, actor: requireStaffWith(request.caller, API_ACCESS) }),
      };
    },
    async listRequestLogs({ caller, ...request }) {
      // Platform staff through the API-access console, tenant staff (their own tenant's calls) through their API console.
      const page = await useCases.listRequestLogs({
        ...request,
        actor: requireConsoleStaff(caller, REQUEST_LOG_RIGHTS),
      });
      return { entries: page.items.map(encodeRequestLog), nextCursor: page.nextCursor };
    },
    async getRequestLog(request) {
      const entry = await useCases.getRequestLog({
        actor: requireConsoleStaff(request.caller, REQUEST_LOG_RIGHTS),
        requestId: request.requestId,
      });
      return { entry: encodeRequestLog(entry) };
    },
  };
}

function encodeRequestLog(entry: RequestLogEntry): apiRequestLog.ApiRequest {
  const { id: _recordId, ...fields } = entry as RequestLogEntry & { id?: string };
  return fields;
}

function encodeKey(key: ApiKeyView): apiAccess.ApiKey {
  return {
    ...key,
    expiresAt: key.expiresAt ?? undefined,
    revokedAt: key.revokedAt ?? undefined,
    rateLimit: key.rateLimit ?? undefined,
    replacedBy: key.replacedBy ?? undefined,
    spendingLimits: encodeLimits(key.spendingLimits),
  };
}

function encodeIssued({ key, secret }: KeyWithSecret): apiAccess.IssuedKey {
  return { key: encodeKey(key), secret };
}

function encodeClient(client: ClientWithKeys): apiAccess.ApiClient {
  return { ...client, tenantId: client.tenantId ?? undefined, keys: client.keys.map(encodeKey) };
}

function encodeAuthRecord(record: KeyAuthRecord): apiAccess.KeyAuthRecord {
  return {
    ...record,
    tenantId: record.tenantId ?? undefined,
    expiresAt: record.expiresAt ?? undefined,
    revokedAt: record.revokedAt ?? undefined,
    rateLimit: record.rateLimit ?? undefined,
    spendingLimits: encodeLimits(record.spendingLimits),
  };
}

/** Always present on the wire, an absent field being no limit: booking refuses a key without them. */
function encodeLimits(limits: SpendingLimits): caller.SpendingLimits {
  return {
    dailyLimit: limits.dailyLimit ?? undefined,
    perBookingLimit: limits.perBookingLimit ?? undefined,
  };
}
