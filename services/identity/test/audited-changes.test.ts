import { staff } from '@travel/contracts';
import { createServiceClient, staffCaller, uniqueName } from '@travel/testkit';
import { RIGHTS } from '../src/domain/staff/rights';
import { type ApiAccessUnderTest, PLATFORM, startApiAccess } from './api-access.fixture';

// Identity's own changes are stored with their audit entries and reach its log through its relay and its
// consumer of `audit.entries`, each once (docs/decisions/audit.md).
let identity: ApiAccessUnderTest;
let staffClient: ReturnType<typeof createServiceClient<typeof staff.StaffServiceDefinition>>;
const administrator = staffCaller({
  userId: 'usr_ct_audited',
  email: 'people@partner-travel.example',
  rights: [...RIGHTS],
  ip: '198.51.100.23',
  requestId: 'req_ct_identity_audit',
});

beforeAll(async () => {
  identity = await startApiAccess();
  staffClient = createServiceClient(staff.StaffServiceDefinition, identity.address, { deadlineMs: 10_000 });
});
afterAll(async () => {
  await identity.stop();
});

describe("identity's audited changes", () => {
  it('when a key is created and revoked, then the log has each once, with who and from where, and never the secret', async () => {
    const { client } = await identity.apiAccess.createClient({ caller: PLATFORM, name: 'Audited robot' });
    const { issued } = await identity.apiAccess.createKey({
      caller: PLATFORM,
      clientId: client?.id ?? 0,
      scopes: ['search:read'],
      ipAllowList: [],
    });
    const keyId = issued?.key?.id ?? '';
    await identity.apiAccess.revokeKey({ caller: PLATFORM, id: keyId });
    await identity.apiAccess.revokeKey({ caller: PLATFORM, id: keyId });
    const entries = await identity.auditOf('api_key', keyId);
    expect(entries.map((entry) => entry.action)).toEqual(['api_key.revoked', 'api_key.created']);
    expect(entries[1]).toMatchObject({
      actorUserId: PLATFORM.userId,
      actorEmail: PLATFORM.email,
      ip: PLATFORM.ip,
      requestId: PLATFORM.requestId,
    });
    const details = JSON.parse(entries[1]?.detailsJson ?? '{}') as Record<string, unknown>;
    expect(details).toMatchObject({ clientId: client?.id, scopes: ['search:read'] });
    expect(details).not.toHaveProperty('hash');
    expect(JSON.stringify(entries)).not.toContain(issued?.secret ?? 'no secret answered');
  });

  it('when a staff user is created, changed and deleted, then the log has each once, and the email is free again', async () => {
    const { role } = await staffClient.createRole({
      caller: administrator,
      name: uniqueName('Audited desk'),
      rights: ['bookings'],
    });
    const email = `${uniqueName('audited')}@partner-travel.example`;
    const user = { email, name: 'Audited clerk', password: 'audited-password-2026', roleId: role?.id ?? '' };
    const { user: created } = await staffClient.createUser({ caller: administrator, ...user });
    const userId = created?.id ?? '';
    await staffClient.updateUser({ caller: administrator, id: userId, name: 'Renamed clerk' });
    await staffClient.deleteUser({ caller: administrator, id: userId });
    const entries = await identity.auditOf('staff_user', userId);
    expect(entries.map((entry) => entry.action)).toEqual([
      'staff_user.deleted',
      'staff_user.updated',
      'staff_user.created',
    ]);
    expect(entries[2]).toMatchObject({
      actorUserId: administrator.userId,
      actorEmail: administrator.email,
      ip: administrator.ip,
      requestId: administrator.requestId,
    });
    expect(JSON.parse(entries[1]?.detailsJson ?? '{}')).toEqual({ name: 'Renamed clerk' });
    expect(JSON.stringify(entries)).not.toContain(user.password);
    // The deleted user's tombstone is gone once the delete is answered: the email can be used again.
    await staffClient.createUser({ caller: administrator, ...user });
    expect((await identity.auditOf('role', role?.id ?? '')).map((entry) => entry.action)).toEqual([
      'role.created',
    ]);
  });
});
