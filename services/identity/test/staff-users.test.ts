import { type caller, identityChanged } from '@travel/contracts';
import { createBroadcastSubscriber, createKafka, type EventEnvelope } from '@travel/events';
import { testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import { IDENTITY_CHANGES_TOPIC } from '../src/events/identity-changes.outbox';
import {
  ADMIN,
  actorOf,
  type IdentityUnderTest,
  identityConfig,
  login,
  newTenant,
  newTenantStaff,
  sessionIdOf,
  startIdentity,
  TENANT_STAFF_PASSWORD,
} from './staff.fixture';

let identity: IdentityUnderTest;
let platform: caller.Caller;
const heard: EventEnvelope[] = [];
const logger = testLogger();
const config = identityConfig();
const subscriber = createBroadcastSubscriber({
  kafka: createKafka(testInfra().kafkaBrokers, 'ct-identity-staff', logger, config.KAFKA_NAMESPACE),
  topic: IDENTITY_CHANGES_TOPIC,
  topicOptions: { partitions: 1, replicationFactor: 1 },
  groupPrefix: 'ct-identity-staff',
  onEvent: (event) => heard.push(event),
  logger,
});

beforeAll(async () => {
  identity = await startIdentity(config);
  await subscriber.start();
  platform = actorOf((await login(identity, ADMIN.email, ADMIN.password)).profile);
});
afterAll(async () => {
  await subscriber.stop();
  await identity.stop();
});

const PASSWORD = TENANT_STAFF_PASSWORD;

const tenantStaff = (rights: string[], existingTenant?: string, roleName = 'Manager') =>
  newTenantStaff(identity, platform, rights, existingTenant, roleName);

function changesHeard(kind: string, id: string) {
  return heard
    .filter((event) => event.type === 'identity.changed')
    .map((event) => identityChanged.IdentityChanged.decode(event.payload))
    .filter((change) => change.kind === kind && change.id === id);
}

describe('staff users and roles: tenant scoping', () => {
  it('when platform staff create a tenant role and user, then that user signs in as tenant staff with the role’s rights', async () => {
    const { tenantId, role, user, tokens } = await tenantStaff(['bookings', 'api-console']);
    expect(role).toMatchObject({ id: expect.stringMatching(/^rol_\d+$/), tenantId, builtIn: false });
    expect(user).toMatchObject({ id: expect.stringMatching(/^usr_\d+$/), tenantId, status: 'active' });
    expect(tokens.profile).toMatchObject({
      platform: false,
      roleName: 'Manager',
      rights: ['bookings', 'api-console'],
    });
    const claims = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ sub: user?.id, tid: tenantId });
  });

  it('when tenant staff list users and roles, then they see only their own tenant’s', async () => {
    const mine = await tenantStaff(['bookings']);
    const other = await tenantStaff(['bookings']);
    const { users } = await identity.staff.listUsers({ caller: mine.actor });
    expect(users.map((user) => user.id)).toEqual([mine.user?.id]);
    const { roles } = await identity.staff.listRoles({ caller: mine.actor });
    expect(roles.map((role) => role.id)).toEqual([mine.role?.id]);
    const all = await identity.staff.listUsers({ caller: platform });
    expect(all.users.map((user) => user.id)).toEqual(
      expect.arrayContaining([mine.user?.id, other.user?.id, platform.userId]),
    );
    await expect(
      identity.staff.updateUser({ caller: mine.actor, id: other.user?.id ?? '', name: 'Hijacked' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      identity.staff.deleteUser({ caller: mine.actor, id: platform.userId }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      identity.staff.deleteRole({ caller: mine.actor, id: 'rol_platform_admin' }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('when tenant staff create a user, then it belongs to their tenant whatever tenant the request names', async () => {
    const mine = await tenantStaff(['bookings']);
    const { user } = await identity.staff.createUser({
      caller: mine.actor,
      email: `${uniqueName('clerk')}@tenant.example`,
      name: 'Clerk',
      password: PASSWORD,
      roleId: mine.role?.id ?? '',
      tenantId: 'ten_somebody_else',
    });
    expect(user?.tenantId).toBe(mine.tenantId);
  });

  it('when a role of another tenant or a platform role is assigned, then bad_request names roleId', async () => {
    const mine = await tenantStaff(['bookings']);
    const other = await tenantStaff(['bookings']);
    for (const roleId of [other.role?.id ?? '', 'rol_platform_admin', 'rol_nope']) {
      await expect(
        identity.staff.createUser({
          caller: mine.actor,
          email: `${uniqueName('x')}@tenant.example`,
          name: 'X',
          password: PASSWORD,
          roleId,
        }),
      ).rejects.toMatchObject({
        code: 'bad_request',
        details: [expect.objectContaining({ path: 'roleId' })],
      });
    }
    // Platform staff need a platform role for platform users, too.
    await expect(
      identity.staff.createUser({
        caller: platform,
        email: `${uniqueName('x')}@platform.example`,
        name: 'X',
        password: PASSWORD,
        roleId: mine.role?.id ?? '',
      }),
    ).rejects.toMatchObject({ code: 'bad_request', details: [expect.objectContaining({ path: 'roleId' })] });
  });
});

describe('staff users and roles: no privilege escalation', () => {
  it('when tenant staff create or widen a role beyond their own rights, then forbidden; within them, it works', async () => {
    const mine = await tenantStaff(['bookings', 'api-console']);
    await expect(
      identity.staff.createRole({ caller: mine.actor, name: 'Auditor', rights: ['bookings', 'audit'] }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const { role } = await identity.staff.createRole({
      caller: mine.actor,
      name: 'Clerk',
      rights: ['bookings'],
    });
    expect(role).toMatchObject({ tenantId: mine.tenantId, rights: ['bookings'] });
    await expect(
      identity.staff.updateRole({ caller: mine.actor, id: role?.id ?? '', rights: { values: ['billing'] } }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const { role: renamed } = await identity.staff.updateRole({
      caller: mine.actor,
      id: role?.id ?? '',
      name: 'Booking clerk',
      rights: { values: ['bookings', 'api-console'] },
    });
    expect(renamed).toMatchObject({ name: 'Booking clerk', rights: ['bookings', 'api-console'] });
  });

  it('when tenant staff would assign or manage a role with rights they lack, then forbidden', async () => {
    const tenantId = await newTenant(identity, platform);
    const owner = await tenantStaff(['bookings', 'billing'], tenantId, 'Owner');
    const clerk = await tenantStaff(['bookings'], tenantId, 'Clerk');
    await expect(
      identity.staff.createUser({
        caller: clerk.actor,
        email: `${uniqueName('x')}@tenant.example`,
        name: 'X',
        password: PASSWORD,
        roleId: owner.role?.id ?? '',
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      identity.staff.updateUser({
        caller: clerk.actor,
        id: clerk.user?.id ?? '',
        roleId: owner.role?.id ?? '',
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      identity.staff.updateUser({ caller: clerk.actor, id: owner.user?.id ?? '', password: 'taken-over-1' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      identity.staff.deleteRole({ caller: clerk.actor, id: owner.role?.id ?? '' }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('staff users and roles: rules', () => {
  it('when an email is taken (in any case), then conflict', async () => {
    const mine = await tenantStaff(['bookings']);
    await expect(
      identity.staff.createUser({
        caller: platform,
        email: (mine.user?.email ?? '').toUpperCase(),
        name: 'Twin',
        password: PASSWORD,
        roleId: 'rol_platform_admin',
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
  });

  it('when fields are invalid, then bad_request lists each one', async () => {
    const error = await identity.staff
      .createUser({
        caller: platform,
        email: 'not-an-email',
        name: ' ',
        password: 'short',
        roleId: 'rol_platform_admin',
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'bad_request' });
    const paths = (error as { details: { path: string }[] }).details.map((detail) => detail.path);
    expect(paths.sort()).toEqual(['email', 'name', 'password']);
    await expect(
      identity.staff.createRole({ caller: platform, name: 'Odd', rights: ['bookings', 'fly-planes'] }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [{ path: 'rights.1', message: expect.any(String) }],
    });
    await expect(
      identity.staff.updateUser({ caller: platform, id: platform.userId, status: 'sleeping' }),
    ).rejects.toMatchObject({ code: 'bad_request', details: [expect.objectContaining({ path: 'status' })] });
  });

  it('when staff would disable or delete themselves, then conflict', async () => {
    const mine = await tenantStaff(['bookings']);
    await expect(
      identity.staff.updateUser({ caller: mine.actor, id: mine.user?.id ?? '', status: 'disabled' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      identity.staff.deleteUser({ caller: mine.actor, id: mine.user?.id ?? '' }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('when the built-in role is changed or deleted, then conflict', async () => {
    await expect(
      identity.staff.updateRole({ caller: platform, id: 'rol_platform_admin', name: 'Root' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      identity.staff.deleteRole({ caller: platform, id: 'rol_platform_admin' }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    const { roles } = await identity.staff.listRoles({ caller: platform });
    expect(roles.find((role) => role.id === 'rol_platform_admin')).toMatchObject({ builtIn: true });
  });

  it('when a role is still assigned, then deleting it is conflict; once free, it is deleted', async () => {
    const mine = await tenantStaff(['bookings']);
    await expect(
      identity.staff.deleteRole({ caller: platform, id: mine.role?.id ?? '' }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    await identity.staff.deleteUser({ caller: platform, id: mine.user?.id ?? '' });
    await identity.staff.deleteRole({ caller: platform, id: mine.role?.id ?? '' });
    const { roles } = await identity.staff.listRoles({ caller: platform });
    expect(roles.map((role) => role.id)).not.toContain(mine.role?.id);
  });

  it('when platform staff create a role for a tenant not in the directory, then bad_request names tenantId', async () => {
    await expect(
      identity.staff.createRole({
        caller: platform,
        name: 'Ghost',
        rights: ['bookings'],
        tenantId: 'ten_999999',
      }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      details: [expect.objectContaining({ path: 'tenantId' })],
    });
  });

  it('when a call carries no caller, then it is forbidden (fail closed)', async () => {
    await expect(identity.staff.listUsers({})).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('staff users and roles: effect on sessions', () => {
  it('when a user is disabled, then their session stops counting, sign-in fails, and identity.changed is published', async () => {
    const mine = await tenantStaff(['bookings']);
    const userId = mine.user?.id ?? '';
    await waitFor(() => expect(changesHeard('staff_user', userId)).toHaveLength(1), { timeoutMs: 4000 });
    const { user } = await identity.staff.updateUser({ caller: platform, id: userId, status: 'disabled' });
    expect(user?.status).toBe('disabled');
    const session = await identity.staff.getSession({ sessionId: sessionIdOf(mine.tokens.accessToken) });
    expect(session.active).toBe(false);
    await expect(login(identity, mine.user?.email ?? '', PASSWORD)).rejects.toMatchObject({
      code: 'unauthorized',
    });
    // Created, then updated: one announcement each.
    await waitFor(() => expect(changesHeard('staff_user', userId)).toHaveLength(2), { timeoutMs: 4000 });
  });

  it('when a user’s password is set, then their existing sessions are revoked and the new password signs in', async () => {
    const mine = await tenantStaff(['bookings']);
    await identity.staff.updateUser({
      caller: platform,
      id: mine.user?.id ?? '',
      password: 'brand-new-pass-2',
    });
    const sessionId = sessionIdOf(mine.tokens.accessToken);
    expect((await identity.staff.getSession({ sessionId })).active).toBe(false);
    await expect(login(identity, mine.user?.email ?? '', PASSWORD)).rejects.toMatchObject({
      code: 'unauthorized',
    });
    await login(identity, mine.user?.email ?? '', 'brand-new-pass-2');
    await waitFor(() => expect(changesHeard('staff_session', sessionId)).toHaveLength(1), {
      timeoutMs: 4000,
    });
  });

  it('when a role’s rights change, then the holder’s session shows the new rights and identity.changed names the role', async () => {
    const mine = await tenantStaff(['bookings', 'billing']);
    const roleId = mine.role?.id ?? '';
    await waitFor(() => expect(changesHeard('role', roleId)).toHaveLength(1), { timeoutMs: 4000 });
    await identity.staff.updateRole({ caller: platform, id: roleId, rights: { values: ['billing'] } });
    const session = await identity.staff.getSession({ sessionId: sessionIdOf(mine.tokens.accessToken) });
    expect(session.profile?.rights).toEqual(['billing']);
    await waitFor(() => expect(changesHeard('role', roleId)).toHaveLength(2), { timeoutMs: 4000 });
  });
});
