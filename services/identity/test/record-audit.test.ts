import { caller } from '@travel/contracts';
import { uniqueName, waitFor } from '@travel/testkit';
import { ADMIN, actorOf, type IdentityUnderTest, login, startIdentity } from './staff.fixture';

let identity: IdentityUnderTest;
let platform: caller.Caller;

beforeAll(async () => {
  identity = await startIdentity();
  platform = actorOf((await login(identity, ADMIN.email, ADMIN.password)).profile, 'req_ct_record_audit');
  // The first administrator's creation and this sign-in are relayed (docs/decisions/audit.md): let them land
  // first, so the newest entry below is this file's own.
  await waitFor(async () => {
    const { entries } = await identity.audit.listAuditEntries({ caller: platform, limit: 5 });
    expect(entries.map((entry) => entry.action).sort()).toEqual(['auth.login', 'staff_user.created']);
  });
});
afterAll(async () => {
  await identity.stop();
});

describe('recording another service’s change in the audit log', () => {
  it('when a service records a change for a tenant staff member, then the log shows it with that actor', async () => {
    const tenantId = uniqueName('ten');
    const targetId = uniqueName('emp');
    await identity.audit.recordAuditEntry({
      caller: {
        ...platform,
        kind: caller.Caller_Kind.KIND_TENANT_STAFF,
        tenantId,
        requestId: 'req_ct_record_one',
      },
      action: 'employee.created',
      targetType: 'employee',
      targetId,
      detailsJson: JSON.stringify({ tenantId, email: 'asha@example.com' }),
    });
    const { entries } = await identity.audit.listAuditEntries({ caller: platform, limit: 5 });
    const entry = entries.find((candidate) => candidate.targetId === targetId);
    expect(entry).toMatchObject({
      action: 'employee.created',
      targetType: 'employee',
      actorUserId: platform.userId,
      actorTenantId: tenantId,
      requestId: 'req_ct_record_one',
    });
    expect(JSON.parse(entry?.detailsJson ?? '')).toEqual({ tenantId, email: 'asha@example.com' });
  });

  it('when the action, target or details are malformed, or no caller is given, then nothing is recorded', async () => {
    const before = (await identity.audit.listAuditEntries({ caller: platform, limit: 1 })).entries[0]?.id;
    const good = { action: 'employee.created', targetType: 'employee', targetId: 'emp_1', detailsJson: '{}' };
    for (const bad of [
      { action: 'Drop Table' },
      { targetId: '' },
      { detailsJson: '[1]' },
      { detailsJson: '{' },
    ]) {
      await expect(
        identity.audit.recordAuditEntry({ caller: platform, ...good, ...bad }),
      ).rejects.toMatchObject({
        code: 'bad_request',
      });
    }
    await expect(identity.audit.recordAuditEntry(good)).rejects.toMatchObject({ code: 'forbidden' });
    const after = (await identity.audit.listAuditEntries({ caller: platform, limit: 1 })).entries[0]?.id;
    expect(after).toBe(before);
  });
});
