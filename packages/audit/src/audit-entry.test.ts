import { caller } from '@travel/contracts';
import { auditActorOf, auditEntry, requestedChanges } from './audit-entry';
import { auditOf, withAuditEntry } from './audited-writes';

const wire = {
  kind: caller.Caller_Kind.KIND_TENANT_STAFF,
  tenantId: 'ten_1',
  userId: 'usr_7',
  email: 'asha@example.com',
  rights: [],
  clientId: 0,
  environment: '',
  job: '',
  ip: '203.0.113.7',
  requestId: 'req_1',
};

describe('audit entries', () => {
  it('when the Caller is on the wire or resolved, then the actor is its user, email, tenant, address and request', () => {
    const expected = {
      userId: 'usr_7',
      email: 'asha@example.com',
      tenantId: 'ten_1',
      ip: '203.0.113.7',
      requestId: 'req_1',
    };
    expect(auditActorOf(wire)).toEqual(expected);
    const resolved = {
      kind: 'tenant-staff',
      userId: 'usr_7',
      email: 'asha@example.com',
      tenantId: 'ten_1',
      audit: { ip: '203.0.113.7', requestId: 'req_1' },
    };
    expect(auditActorOf(resolved)).toEqual(expected);
  });

  it('when a job calls, then it is named and has no user', () => {
    const job = {
      ...wire,
      kind: caller.Caller_Kind.KIND_INTERNAL_JOB,
      job: 'billing.invoice-run',
      tenantId: undefined,
    };
    expect(auditActorOf(job)).toMatchObject({
      userId: null,
      email: 'job:billing.invoice-run',
      tenantId: null,
    });
  });

  it('when an entry is made, then it has its own event id, and an action that is not dotted is refused', () => {
    const change = { action: 'blog.created', target: { type: 'blog', id: 'blg_1' } };
    const a = auditEntry(auditActorOf(wire), change, new Date(0));
    const b = auditEntry(auditActorOf(wire), change, new Date(0));
    expect(a.id).toMatch(/^evt_[A-Za-z0-9]+$/);
    expect(a.id).not.toBe(b.id);
    expect(a).toMatchObject({ action: 'blog.created', details: {}, actor: { userId: 'usr_7' } });
    expect(() => auditEntry(auditActorOf(wire), { ...change, action: 'Drop Table' }, new Date(0))).toThrow();
  });

  it('when an update already pushes, then the entry joins its $push; an insert carries it as its only entry', () => {
    const entry = auditEntry(
      auditActorOf(wire),
      { action: 'lead.replied', target: { type: 'lead', id: 'l' } },
      new Date(0),
    );
    expect(withAuditEntry({ $set: { a: 1 }, $push: { messages: 'm' } }, entry)).toEqual({
      $set: { a: 1 },
      $push: { messages: 'm', pendingAudit: entry },
    });
    expect(auditOf(entry)).toEqual({ pendingAudit: [entry] });
  });

  it('when a request is turned into details, then only what was given is kept, without the Caller and the id', () => {
    expect(requestedChanges({ caller: wire, id: 'x', name: 'N', city: undefined, active: false })).toEqual({
      name: 'N',
      active: false,
    });
  });
});
