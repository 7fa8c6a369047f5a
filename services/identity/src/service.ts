import { apiAccess, audit, staff } from '@travel/contracts';
import { createEventPublisher, createKafka } from '@travel/events';
import { createGrpcServer } from '@travel/grpc';
import type { Component } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createCounters, createMongo } from '@travel/mongo';
import type { Connection } from 'mongoose';
import type { IdentityConfig } from './config';
import { createApiSettingsRepository } from './db/api-settings.repository';
import { createAuditLogRepository } from './db/audit-log.repository';
import { createRefreshTokenRepository } from './db/refresh-token.repository';
import { createRoleRepository } from './db/role.repository';
import { createSigningKeyRepository } from './db/signing-key.repository';
import { createStaffSessionRepository } from './db/staff-session.repository';
import { createStaffUserRepository } from './db/staff-user.repository';
import { createAccessTokens } from './domain/access-tokens';
import type { AuditLog } from './domain/audit';
import { createStaffBootstrap } from './domain/bootstrap-staff';
import { createCreateRole } from './domain/create-role';
import { createCreateUser } from './domain/create-user';
import { createDeleteRole } from './domain/delete-role';
import { createDeleteUser } from './domain/delete-user';
import { createGetApiSettings } from './domain/get-api-settings';
import { createGetSession } from './domain/get-session';
import type { IdentityChanges } from './domain/identity-changes';
import { createIssueSessionTokens } from './domain/issue-session-tokens';
import { createListAuditEntries } from './domain/list-audit-entries';
import { createListRoles } from './domain/list-roles';
import { createListUsers } from './domain/list-users';
import { createFindLiveSession } from './domain/live-session';
import { createLogin } from './domain/login';
import { createLogout } from './domain/logout';
import { createRefreshSession } from './domain/refresh-session';
import { createRevokeSession } from './domain/revoke-session';
import { newSessionId } from './domain/session-credentials';
import { createRecordStaffChange } from './domain/staff-change';
import { createProfileOf } from './domain/staff-profile';
import { createUpdateRole } from './domain/update-role';
import { createUpdateUser } from './domain/update-user';
import { createIdentityChanges, IDENTITY_CHANGES_TOPIC } from './events/identity-changes.publisher';
import { createApiAccessGrpc } from './grpc/api-access.grpc';
import { createAuditGrpc } from './grpc/audit.grpc';
import { createStaffGrpc } from './grpc/staff.grpc';

/** Wires the identity service by hand: persistence → use cases → gRPC. Stopped in reverse order. */
export function createIdentityService(config: IdentityConfig, logger: Logger) {
  const mongo = createMongo({ url: config.MONGO_URL, database: config.MONGO_DATABASE, logger });
  const publisher = createEventPublisher({
    kafka: createKafka(config.KAFKA_BROKERS, 'identity', logger, config.KAFKA_NAMESPACE),
    topics: [IDENTITY_CHANGES_TOPIC],
    topicOptions: {
      partitions: config.KAFKA_TOPIC_PARTITIONS,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    },
    logger,
  });
  const getApiSettings = createGetApiSettings({
    settings: createApiSettingsRepository(mongo.connection),
    defaults: {
      apiEnabled: true,
      disabledScopes: [],
      defaultRateLimit: {
        limit: config.DEFAULT_RATE_LIMIT,
        windowSeconds: config.DEFAULT_RATE_WINDOW_SECONDS,
      },
    },
  });
  const changes = createIdentityChanges(publisher);
  const auditLog = createAuditLogRepository(mongo.connection);
  const staffWiring = wireStaff(config, mongo.connection, { auditLog, changes, logger });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: [
      {
        definition: apiAccess.ApiAccessServiceDefinition,
        implementation: createApiAccessGrpc({ getApiSettings }),
      },
      { definition: staff.StaffServiceDefinition, implementation: staffWiring.staffGrpc },
      {
        definition: audit.AuditServiceDefinition,
        implementation: createAuditGrpc({ listAuditEntries: createListAuditEntries({ auditLog }) }),
      },
    ],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [mongo, publisher, staffWiring.bootstrap, grpc];
  return { components, grpc, mongo };
}

/** Staff sign-in, sessions, users and roles: their repositories and use cases, and the start-up bootstrap. */
function wireStaff(
  config: IdentityConfig,
  connection: Connection,
  shared: { auditLog: AuditLog; changes: IdentityChanges; logger: Logger },
) {
  const { auditLog: audit, changes, logger } = shared;
  const now = () => new Date();
  const counters = createCounters(connection);
  const newUserId = async () => `usr_${await counters.next('staff_user')}`;
  const users = createStaffUserRepository(connection);
  const roles = createRoleRepository(connection);
  const sessions = createStaffSessionRepository(connection);
  const refreshTokens = createRefreshTokenRepository(connection);
  const accessTokens = createAccessTokens({
    keys: createSigningKeyRepository(connection),
    issuer: config.ACCESS_TOKEN_ISSUER,
    audience: config.ACCESS_TOKEN_AUDIENCE,
    ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    now,
  });
  const profileOf = createProfileOf({ roles });
  const findLiveSession = createFindLiveSession({ sessions, users, now });
  const issueSessionTokens = createIssueSessionTokens({ accessTokens, refreshTokens, profileOf, now });
  const revokeSession = createRevokeSession({ sessions, changes, now });
  const recordStaffChange = createRecordStaffChange({ audit, changes });
  const staffGrpc = createStaffGrpc({
    login: createLogin({
      users,
      sessions,
      issueSessionTokens,
      audit,
      now,
      newSessionId,
      sessionTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    }),
    refreshSession: createRefreshSession({
      refreshTokens,
      findLiveSession,
      issueSessionTokens,
      revokeSession,
      audit,
      now,
    }),
    logout: createLogout({ refreshTokens, sessions, users, revokeSession, audit }),
    getAccessTokenKeys: () => accessTokens.published(),
    getSession: createGetSession({ findLiveSession, profileOf }),
    listUsers: createListUsers({ users }),
    createUser: createCreateUser({ users, roles, recordStaffChange, newUserId, now }),
    updateUser: createUpdateUser({ users, roles, sessions, revokeSession, recordStaffChange, now }),
    deleteUser: createDeleteUser({ users, roles, recordStaffChange }),
    listRoles: createListRoles({ roles }),
    createRole: createCreateRole({
      roles,
      recordStaffChange,
      newRoleId: async () => `rol_${await counters.next('role')}`,
      now,
    }),
    updateRole: createUpdateRole({ roles, recordStaffChange, now }),
    deleteRole: createDeleteRole({ roles, users, recordStaffChange }),
  });
  const bootstrap = createStaffBootstrap({
    roles,
    users,
    accessTokens,
    audit,
    newUserId,
    now,
    admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
    logger,
  });
  return { staffGrpc, bootstrap };
}
