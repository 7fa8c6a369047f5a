import { audit, type caller, staff, tenants } from '@travel/contracts';
import { type ServiceClient, withRequestMetadata } from '@travel/grpc';
import {
  createServiceClient,
  peerTlsEnv,
  type ServiceUnderTest,
  staffCaller,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
} from '@travel/testkit';
import { type IdentityConfig, readConfig } from '../src/config';
import { createIdentityService } from '../src/service';

/** The first platform administrator every fresh identity database gets from the default configuration. */
export const ADMIN = { email: 'admin@partner-travel.local', password: 'admin-demo-2026' };

export interface IdentityUnderTest {
  config: IdentityConfig;
  service: ServiceUnderTest;
  staff: ServiceClient<typeof staff.StaffServiceDefinition>;
  audit: ServiceClient<typeof audit.AuditServiceDefinition>;
  tenants: ServiceClient<typeof tenants.TenantServiceDefinition>;
  stop(): Promise<void>;
}

export function identityConfig(env: Record<string, string> = {}): IdentityConfig {
  const infra = testInfra();
  return readConfig({
    GRPC_PORT: '0',
    ...peerTlsEnv('identity'),
    MONGO_URL: infra.mongoUrl,
    MONGO_DATABASE: uniqueName('ct_identity'),
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    // Its own topics and groups: never consume a running dev stack's events.
    KAFKA_NAMESPACE: `${uniqueName('ct')}.`,
    KAFKA_TOPIC_PARTITIONS: '1',
    // Tests sign in a lot: the cost of before 2026-11-26 (production's 2^17 is checked in passwords tests).
    PASSWORD_SCRYPT_LOG_N: '14',
    ...env,
  });
}

/** The real identity service in-process on a fresh database, with promise clients of its staff and audit APIs. */
export async function startIdentity(config = identityConfig()): Promise<IdentityUnderTest> {
  const built = createIdentityService(config, testLogger());
  const service = await startServiceUnderTest(built);
  // Generous: scrypt at 2^17 (password-rehash) on a busy 2-core machine, with other test files running.
  const options = { deadlineMs: 30_000 };
  return {
    config,
    service,
    staff: createServiceClient(staff.StaffServiceDefinition, service.address, options),
    audit: createServiceClient(audit.AuditServiceDefinition, service.address, options),
    tenants: createServiceClient(tenants.TenantServiceDefinition, service.address, options),
    async stop() {
      await built.mongo.connection.dropDatabase();
      await service.stop();
    },
  };
}

/** The `Caller` a gateway would build from a verified session of this profile. */
export function actorOf(
  profile: staff.StaffProfile | undefined,
  requestId = uniqueName('req'),
): caller.Caller {
  if (!profile?.user) throw new Error('no profile');
  return staffCaller({
    userId: profile.user.id,
    email: profile.user.email,
    tenantId: profile.user.tenantId,
    rights: profile.rights,
    ip: '203.0.113.7',
    requestId,
  });
}

export async function login(
  identity: IdentityUnderTest,
  email: string,
  password: string,
): Promise<staff.SessionTokens> {
  const requestId = uniqueName('req');
  const { tokens } = await identity.staff.login(
    { email, password, ip: '203.0.113.7', userAgent: 'jest', requestId },
    withRequestMetadata(requestId),
  );
  if (!tokens) throw new Error('login answered no tokens');
  return tokens;
}

/** The session id an access token carries (the test verifies signatures separately). */
export function sessionIdOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string }).sid;
}

/** A fresh tenant of the directory, created by platform staff. */
export async function newTenant(identity: IdentityUnderTest, platform: caller.Caller): Promise<string> {
  const { tenant } = await identity.tenants.createTenant({ caller: platform, name: uniqueName('Tenant') });
  if (!tenant) throw new Error('createTenant answered no tenant');
  return tenant.id;
}

export const TENANT_STAFF_PASSWORD = 'tenant-pass-1';

/** A tenant (new, unless given) with a role and a user holding it, made by platform staff, and signed in. */
export async function newTenantStaff(
  identity: IdentityUnderTest,
  platform: caller.Caller,
  rights: string[],
  existingTenant?: string,
  roleName = 'Manager',
) {
  const tenantId = existingTenant ?? (await newTenant(identity, platform));
  const { role } = await identity.staff.createRole({ caller: platform, name: roleName, rights, tenantId });
  const email = `${uniqueName('staff')}@tenant.example`;
  const { user } = await identity.staff.createUser({
    caller: platform,
    email,
    name: 'Tenant Manager',
    password: TENANT_STAFF_PASSWORD,
    roleId: role?.id ?? '',
    tenantId,
  });
  const tokens = await login(identity, email, TENANT_STAFF_PASSWORD);
  return { tenantId, role, user, tokens, actor: actorOf(tokens.profile) };
}
