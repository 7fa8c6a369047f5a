import { jobCaller } from '@travel/grpc';
import { codeOf } from '@travel/testkit';
import {
  ADMIN,
  actorOf,
  type IdentityUnderTest,
  login,
  newTenantStaff,
  startIdentity,
} from './staff.fixture';

// `ListTenantStaffEmails`: whom a service's job (the webhook auto-disable notice, through engagement) emails.
let identity: IdentityUnderTest;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

describe('a tenant staff addresses for internal jobs', () => {
  it("when a job asks for a tenant's staff, then it gets the active members' addresses of that tenant only; anyone else is forbidden", async () => {
    const platform = actorOf((await login(identity, ADMIN.email, ADMIN.password)).profile);
    const first = await newTenantStaff(identity, platform, []);
    const second = await newTenantStaff(identity, platform, [], first.tenantId, 'Developer');
    const leaver = await newTenantStaff(identity, platform, [], first.tenantId, 'Former');
    const elsewhere = await newTenantStaff(identity, platform, []);
    await identity.staff.updateUser({ caller: platform, id: leaver.user?.id ?? '', status: 'disabled' });

    const job = jobCaller('webhook.auto-disable');
    const { emails } = await identity.staff.listTenantStaffEmails({ caller: job, tenantId: first.tenantId });
    expect(emails.sort()).toEqual([first.user?.email, second.user?.email].sort());
    expect(emails).not.toContain(elsewhere.user?.email);
    expect(
      (await identity.staff.listTenantStaffEmails({ caller: job, tenantId: 'ten_999999' })).emails,
    ).toEqual([]);

    for (const caller of [undefined, platform, first.actor])
      expect(await codeOf(identity.staff.listTenantStaffEmails({ caller, tenantId: first.tenantId }))).toBe(
        'forbidden',
      );
    expect(await codeOf(identity.staff.listTenantStaffEmails({ caller: job, tenantId: '' }))).toBe(
      'bad_request',
    );
  });
});
