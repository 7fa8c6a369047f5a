import { type AuditOutbox, createAuditOutbox } from '@travel/audit';
import { sealingKeysOf } from '@travel/config';
import { apiAccess, audit, customers, platformSettings, staff, tenants } from '@travel/contracts';
import {
  AUDIT_ENTRIES_TOPIC,
  createAuditRelay,
  createEventPublisher,
  createKafka,
  createParkedEventStore,
  parkedEventsServiceOf,
  parkedStoreOptionsOf,
  retryBudgetOf,
} from '@travel/events';
import { createGrpcServer, reflectionOf, serverConnectionsOf, serverPeersOf } from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createCounters, createMongo, createProcessedEvents, mongoOptionsOf } from '@travel/mongo';
import { createSealer } from '@travel/sealing';
import type { Connection } from 'mongoose';
import type { IdentityConfig } from './config';
import { createApiClientRepository } from './db/api-client.repository';
import { createApiKeyRepository } from './db/api-key.repository';
import { createApiKeyRevocationRepository } from './db/api-key-revocation.repository';
import { type ApiSettingsRepository, createApiSettingsRepository } from './db/api-settings.repository';
import { createAuditLogRepository } from './db/audit-log.repository';
import { collections } from './db/collections';
import { createRefreshTokenRepository } from './db/refresh-token.repository';
import { createRoleRepository } from './db/role.repository';
import { createSigningKeyRepository } from './db/signing-key.repository';
import { createStaffSessionRepository } from './db/staff-session.repository';
import { createStaffUserRepository } from './db/staff-user.repository';
import { createTenantRepository } from './db/tenant.repository';
import { createAccessTokens } from './domain/access-tokens/access-tokens';
import { createSigningKeyRing, type SigningKeyRing } from './domain/access-tokens/signing-key-ring';
import { createGetClientTenant } from './domain/api-access/client-tenant';
import { createCreateClient } from './domain/api-access/create-client';
import { createCreateKey } from './domain/api-access/create-key';
import { createDeleteClient } from './domain/api-access/delete-client';
import { createFindKeyByHash } from './domain/api-access/find-key-by-hash';
import { createListClients } from './domain/api-access/list-clients';
import { createRevokeKey } from './domain/api-access/revoke-key';
import { createRotateKey } from './domain/api-access/rotate-key';
import { createSetKeySpendingLimits } from './domain/api-access/set-key-spending-limits';
import { createUpdateClient } from './domain/api-access/update-client';
import { createUpdateKey } from './domain/api-access/update-key';
import type { AuditLog } from './domain/audit/audit';
import { createListAuditEntries } from './domain/audit/list-audit-entries';
import { createRecordAuditEntry } from './domain/audit/record-audit-entry';
import { createRecordRelayedEntry } from './domain/audit/record-relayed-entry';
import type { IdentityChanges } from './domain/identity-changes';
import { createPasswordHasher, PASSWORD_COST, type PasswordHasher } from './domain/passwords';
import type { ApiSettings } from './domain/settings/api-settings';
import { createGetApiSettings } from './domain/settings/get-api-settings';
import { createUpdateApiSettings } from './domain/settings/update-api-settings';
import { createStaffBootstrap } from './domain/staff/bootstrap-staff';
import { createCreateRole } from './domain/staff/create-role';
import { createCreateUser } from './domain/staff/create-user';
import { createDeleteRole } from './domain/staff/delete-role';
import { createDeleteUser } from './domain/staff/delete-user';
import { createListRoles } from './domain/staff/list-roles';
import { createListTenantStaffEmails } from './domain/staff/list-tenant-staff-emails';
import { createListUsers } from './domain/staff/list-users';
import { createUpdateRole } from './domain/staff/update-role';
import { createUpdateUser } from './domain/staff/update-user';
import { createGetSession } from './domain/staff-sessions/get-session';
import { createIssueSessionTokens } from './domain/staff-sessions/issue-session-tokens';
import { createFindLiveSession } from './domain/staff-sessions/live-session';
import { createLogin } from './domain/staff-sessions/login';
import { createLogout } from './domain/staff-sessions/logout';
import { createRefreshSession } from './domain/staff-sessions/refresh-session';
import { createRevokeSession } from './domain/staff-sessions/revoke-session';
import { newSessionId } from './domain/staff-sessions/session-credentials';
import { createProfileOf } from './domain/staff-sessions/staff-profile';
import { createCreateTenant } from './domain/tenants/create-tenant';
import { createGetTenant } from './domain/tenants/get-tenant';
import { createListTenants } from './domain/tenants/list-tenants';
import { createUpdateTenant } from './domain/tenants/update-tenant';
import { API_USAGE_TOPIC, createApiUsageConsumer, USAGE_CONSUMER_GROUP } from './events/api-usage.consumer';
import { AUDIT_CONSUMER_GROUP, createAuditEntriesConsumer } from './events/audit-entries.consumer';
import { createIdentityChangesOutbox, IDENTITY_CHANGES_TOPIC } from './events/identity-changes.outbox';
import {
  API_REQUEST_LOGS_TOPIC,
  createRequestLogsConsumer,
  REQUEST_LOGS_CONSUMER_GROUP,
} from './events/request-logs.consumer';
import { createApiAccessGrpc } from './grpc/api-access.grpc';
import { createAuditGrpc } from './grpc/audit.grpc';
import { createStaffGrpc } from './grpc/staff.grpc';
import { createTenantsGrpc } from './grpc/tenants.grpc';
import { wireCustomers } from './wiring/customers.wiring';
import { wirePlatformSettings } from './wiring/platform-settings.wiring';
import { wireRequestLogs } from './wiring/request-logs.wiring';
import { wireUsage } from './wiring/usage.wiring';

export interface IdentityServiceOptions {
  /** The clock of the API-access use cases; tests pass their own to move time. */
  now?: () => Date;
}

const DAY_MS = 86_400_000;

/** Wires the identity service by hand: persistence → use cases → gRPC. Stopped in reverse order. */
export function createIdentityService(
  config: IdentityConfig,
  logger: Logger,
  options: IdentityServiceOptions = {},
) {
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const kafka = createKafka(config.KAFKA_BROKERS, 'identity', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  const publisher = createEventPublisher({
    kafka,
    topics: [IDENTITY_CHANGES_TOPIC, AUDIT_ENTRIES_TOPIC],
    topicOptions,
    logger,
  });
  // Identity's own changes carry their audit entries like every other service's (docs/decisions/audit.md).
  const auditOutbox = createAuditOutbox();
  const auditRelay = createAuditRelay({
    service: 'identity',
    outbox: auditOutbox,
    publisher,
    config,
    logger,
  });
  const settings = createApiSettingsRepository(mongo.connection, auditOutbox);
  const settingsDefaults: ApiSettings = {
    apiEnabled: true,
    disabledScopes: [],
    defaultRateLimit: {
      limit: config.DEFAULT_RATE_LIMIT,
      windowSeconds: config.DEFAULT_RATE_WINDOW_SECONDS,
    },
  };
  // Every change's notice goes through the outbox: no write waits for Kafka.
  const { changes, relay: changesRelay } = createIdentityChangesOutbox({
    connection: mongo.connection,
    publisher,
    config,
    logger,
  });
  const auditLog = createAuditLogRepository(mongo.connection, {
    retentionMs: config.AUDIT_LOG_RETENTION_DAYS * DAY_MS,
  });
  const sealer = createSealer(sealingKeysOf(config));
  // One ring for staff and customer tokens (one key, two audiences).
  const signingKeys = createSigningKeyRing({
    keys: createSigningKeyRepository(mongo.connection, sealer),
    tokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    now: () => new Date(),
  });
  // One hasher for staff and customers, so its limit on hashes at once holds for the whole process.
  const passwords = createPasswordHasher({
    cost: { ...PASSWORD_COST, N: 2 ** config.PASSWORD_SCRYPT_LOG_N },
    hashesAtOnce: config.PASSWORD_HASHES_AT_ONCE,
  });
  const staffWiring = wireStaff(config, mongo.connection, {
    auditLog,
    auditOutbox,
    changes,
    passwords,
    logger,
    signingKeys,
  });
  const now = options.now ?? (() => new Date());
  const usage = wireUsage(config, mongo.connection, { now, logger });
  const requestLogs = wireRequestLogs(config, mongo.connection);
  const apiAccessWiring = wireApiAccess(mongo.connection, {
    auditOutbox,
    getUsage: usage.getUsage,
    requestLogs,
    settings,
    settingsDefaults,
    changes,
    now,
    logger,
  });
  const parkedEvents = createParkedEventStore(
    mongo.connection,
    'identity',
    auditOutbox,
    parkedStoreOptionsOf(config),
  );
  const usageConsumer = createApiUsageConsumer({
    kafka,
    topic: API_USAGE_TOPIC,
    groupId: USAGE_CONSUMER_GROUP,
    topicOptions,
    parkedEvents,
    retryBudget: retryBudgetOf(config),
    handledEvents: createProcessedEvents(mongo.connection, {
      retentionMs: config.KAFKA_PROCESSED_IDS_DAYS * DAY_MS,
    }),
    recordApiUsage: usage.recordApiUsage,
    logger,
  });
  const requestLogsConsumer = createRequestLogsConsumer({
    kafka,
    topic: API_REQUEST_LOGS_TOPIC,
    groupId: REQUEST_LOGS_CONSUMER_GROUP,
    topicOptions,
    parkedEvents,
    retryBudget: retryBudgetOf(config),
    recordRequestLogs: requestLogs.recordRequestLogs,
    logger,
  });
  const auditConsumer = createAuditEntriesConsumer({
    kafka,
    topic: AUDIT_ENTRIES_TOPIC,
    groupId: AUDIT_CONSUMER_GROUP,
    topicOptions,
    parkedEvents,
    retryBudget: retryBudgetOf(config),
    recordAuditEntry: createRecordRelayedEntry({ audit: auditLog }),
    logger,
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'identity'),
    services: [
      { definition: apiAccess.ApiAccessServiceDefinition, implementation: apiAccessWiring.apiAccessGrpc },
      { definition: tenants.TenantServiceDefinition, implementation: apiAccessWiring.tenantsGrpc },
      { definition: staff.StaffServiceDefinition, implementation: staffWiring.staffGrpc },
      {
        definition: customers.CustomerServiceDefinition,
        implementation: wireCustomers(config, mongo.connection, {
          changes,
          sealer,
          signingKeys,
          passwords,
          now: () => new Date(),
        }),
      },
      {
        definition: platformSettings.PlatformSettingsServiceDefinition,
        implementation: wirePlatformSettings(mongo.connection, {
          auditOutbox,
          changes,
          now: () => new Date(),
        }),
      },
      {
        definition: audit.AuditServiceDefinition,
        implementation: createAuditGrpc({
          listAuditEntries: createListAuditEntries({ auditLog }),
          recordAuditEntry: createRecordAuditEntry({ audit: auditLog }),
        }),
      },
      parkedEventsServiceOf(parkedEvents, [usageConsumer, requestLogsConsumer, auditConsumer]),
    ],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [
    mongo,
    publisher,
    changesRelay,
    auditRelay,
    staffWiring.bootstrap,
    usageConsumer,
    requestLogsConsumer,
    auditConsumer,
    usage.rollupJob,
    grpc,
  ];
  return { components, grpc, mongo };
}

/** Staff sign-in, sessions, users and roles: their repositories and use cases, and the start-up bootstrap. */
function wireStaff(
  config: IdentityConfig,
  connection: Connection,
  shared: {
    auditLog: AuditLog;
    auditOutbox: AuditOutbox;
    changes: IdentityChanges;
    passwords: PasswordHasher;
    logger: Logger;
    signingKeys: SigningKeyRing;
  },
) {
  const { auditLog: audit, changes, passwords, logger } = shared;
  const now = () => new Date();
  const counters = createCounters(connection);
  const newUserId = async () => `usr_${await counters.next('staff_user')}`;
  const users = createStaffUserRepository(connection, shared.auditOutbox);
  const roles = createRoleRepository(connection, shared.auditOutbox);
  const keepMs = config.REFRESH_TOKEN_TTL_SECONDS * 1000;
  const sessions = createStaffSessionRepository(connection, { keepMs }, shared.auditOutbox);
  const refreshTokens = createRefreshTokenRepository(connection, { keepMs });
  const tenants = createTenantRepository(connection);
  const accessTokens = createAccessTokens({
    ring: shared.signingKeys,
    issuer: config.ACCESS_TOKEN_ISSUER,
    audience: config.ACCESS_TOKEN_AUDIENCE,
    ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    now,
  });
  const profileOf = createProfileOf({ roles });
  const findLiveSession = createFindLiveSession({ sessions, users, now });
  const issueSessionTokens = createIssueSessionTokens({ accessTokens, refreshTokens, profileOf, now });
  const revokeSession = createRevokeSession({ sessions, changes, now });
  const staffGrpc = createStaffGrpc({
    login: createLogin({
      users,
      sessions,
      issueSessionTokens,
      audit,
      passwords,
      now,
      newSessionId,
      sessionTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    }),
    refreshSession: createRefreshSession({
      refreshTokens,
      findLiveSession,
      issueSessionTokens,
      revokeSession,
      now,
    }),
    logout: createLogout({ refreshTokens, sessions, users, revokeSession }),
    getAccessTokenKeys: () => accessTokens.published(),
    getSession: createGetSession({ findLiveSession, profileOf }),
    listUsers: createListUsers({ users }),
    listTenantStaffEmails: createListTenantStaffEmails({ users, logger }),
    createUser: createCreateUser({ users, roles, changes, passwords, newUserId, now }),
    updateUser: createUpdateUser({
      users,
      roles,
      sessions,
      revokeSession,
      changes,
      passwords,
      now,
    }),
    deleteUser: createDeleteUser({ users, roles, changes }),
    listRoles: createListRoles({ roles }),
    createRole: createCreateRole({
      roles,
      changes,
      tenantExists: async (tenantId) => (await tenants.findById(tenantId)) !== null,
      newRoleId: async () => `rol_${await counters.next('role')}`,
      now,
    }),
    updateRole: createUpdateRole({ roles, changes, now }),
    deleteRole: createDeleteRole({ roles, users, changes }),
  });
  const bootstrap = createStaffBootstrap({
    roles,
    users,
    accessTokens,
    passwords,
    newUserId,
    now,
    admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
    logger,
  });
  return { staffGrpc, bootstrap };
}

/** Tenants, API clients and keys, the platform switches and usage reads: repositories and use cases. */
function wireApiAccess(
  connection: Connection,
  shared: {
    auditOutbox: AuditOutbox;
    getUsage: ReturnType<typeof wireUsage>['getUsage'];
    requestLogs: Omit<ReturnType<typeof wireRequestLogs>, 'recordRequestLogs'>;
    settings: ApiSettingsRepository;
    settingsDefaults: ApiSettings;
    changes: IdentityChanges;
    now: () => Date;
    logger: Logger;
  },
) {
  const { settings, settingsDefaults: defaults, changes, now, logger } = shared;
  const tenantRepository = createTenantRepository(connection, shared.auditOutbox);
  const clients = createApiClientRepository(connection, shared.auditOutbox);
  const keys = createApiKeyRepository(connection, shared.auditOutbox);
  const revocations = createApiKeyRevocationRepository(connection, shared.auditOutbox);
  const keyDeps = { clients, keys, revocations, changes, now };
  const apiAccessGrpc = createApiAccessGrpc({
    getApiSettings: createGetApiSettings({ settings, defaults }),
    updateApiSettings: createUpdateApiSettings({ settings, defaults, changes }),
    findKeyByHash: createFindKeyByHash({ clients, keys, revocations }),
    listClients: createListClients({ clients, keys, revocations, now, logger }),
    getClientTenant: createGetClientTenant({ clients }),
    createClient: createCreateClient({ clients, tenants: tenantRepository, changes, now }),
    updateClient: createUpdateClient({ ...keyDeps, tenants: tenantRepository, logger }),
    deleteClient: createDeleteClient(keyDeps),
    createKey: createCreateKey({ clients, keys, changes, now }),
    updateKey: createUpdateKey(keyDeps),
    revokeKey: createRevokeKey(keyDeps),
    rotateKey: createRotateKey(keyDeps),
    getUsage: shared.getUsage,
    listRequestLogs: shared.requestLogs.listRequestLogs,
    getRequestLog: shared.requestLogs.getRequestLog,
    setKeySpendingLimits: createSetKeySpendingLimits(keyDeps),
  });
  const tenantDeps = { tenants: tenantRepository, changes, now };
  const tenantsGrpc = createTenantsGrpc({
    createTenant: createCreateTenant(tenantDeps),
    getTenant: createGetTenant(tenantDeps),
    listTenants: createListTenants(tenantDeps),
    updateTenant: createUpdateTenant(tenantDeps),
  });
  return { apiAccessGrpc, tenantsGrpc };
}
