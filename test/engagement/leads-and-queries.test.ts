import { uniqueName } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { tenantStaff } from '../support/staff';
import { api, auditActionsOf, dataOf, errorCode, firstEmailTo, intake } from './engagement.support';

interface Lead {
  id: string;
  tenantId: string | null;
  status: string;
  source: string;
  messages: { channel: string; direction: string; body: string; email: { status: string } | null }[];
}
interface SupportQuery {
  id: string;
  status: string;
  askedBy: { email: string };
  thread: { from: string; body: string; email: { status: string } | null }[];
}

describe('leads', () => {
  let admin: AdminApi;
  beforeAll(async () => {
    admin = await platformAdmin();
  });

  it('when tenant staff record leads, then they see and change only their own; another tenant is 404; the platform sees all', async () => {
    const a = await tenantStaff(admin, []);
    const b = await tenantStaff(admin, []);
    const created = await api(a.token, 'POST', '/api/admin/leads', {
      name: 'Ravi',
      email: 'ravi@example.com',
    });
    expect(created.status).toBe(201);
    const lead = dataOf<Lead>(created);
    expect(lead).toMatchObject({ tenantId: a.tenant.id, status: 'new', source: 'staff' });
    const foreign = await api(a.token, 'POST', '/api/admin/leads', { name: 'X', tenantId: b.tenant.id });
    expect(foreign.status).toBe(400);

    expect(dataOf<Lead[]>(await api(a.token, 'GET', '/api/admin/leads')).map((l) => l.id)).toContain(lead.id);
    expect(dataOf<Lead[]>(await api(b.token, 'GET', '/api/admin/leads')).map((l) => l.id)).not.toContain(
      lead.id,
    );
    for (const [method, path, body] of [
      ['PUT', `/api/admin/leads/${lead.id}`, { status: 'contacted' }],
      ['POST', `/api/admin/leads/${lead.id}/reply`, { message: 'hi' }],
      ['DELETE', `/api/admin/leads/${lead.id}`, undefined],
    ] as const)
      expect([(await api(b.token, method, path, body)).status]).toEqual([404]);
    const platformView = await api(admin.token, 'GET', `/api/admin/leads?tenantId=${a.tenant.id}`);
    expect(dataOf<Lead[]>(platformView).map((l) => l.id)).toEqual([lead.id]);
    expect((await api(null, 'GET', '/api/admin/leads')).status).toBe(401);
  });

  it('when a lead moves, then only new → contacted → won|lost is allowed, and delete answers the envelope', async () => {
    const created = dataOf<Lead>(await api(admin.token, 'POST', '/api/admin/leads', { name: 'Meera' }));
    const path = `/api/admin/leads/${created.id}`;
    const skip = await api(admin.token, 'PUT', path, { status: 'won' });
    expect([skip.status, errorCode(skip)]).toEqual([409, 'conflict']);
    expect(dataOf<Lead>(await api(admin.token, 'PUT', path, { status: 'contacted' })).status).toBe(
      'contacted',
    );
    expect(dataOf<Lead>(await api(admin.token, 'PUT', path, { status: 'lost' })).status).toBe('lost');
    expect((await api(admin.token, 'PUT', path, { status: 'new' })).status).toBe(409);
    expect((await api(admin.token, 'PUT', path, { status: 'maybe' })).status).toBe(400);
    expect((await api(admin.token, 'DELETE', path)).body).toEqual({
      data: { id: created.id, deleted: true },
    });
    expect(await auditActionsOf(admin, created.id)).toEqual([
      'lead.deleted',
      'lead.updated',
      'lead.updated',
      'lead.created',
    ]);
  });

  it('when staff reply to a lead, then the lead gets the email, the message is on the lead and a new lead is contacted', async () => {
    const staff = await tenantStaff(admin, []);
    const address = `${uniqueName('lead')}@example.com`;
    const lead = dataOf<Lead>(
      await api(staff.token, 'POST', '/api/admin/leads', { name: 'Ira', email: address }),
    );
    const replied = await api(staff.token, 'POST', `/api/admin/leads/${lead.id}/reply`, {
      subject: 'Your trip',
      message: 'We have three Goa packages for you.',
    });
    expect(replied.status).toBe(201);
    const after = dataOf<Lead>(replied);
    expect(after.status).toBe('contacted');
    expect(after.messages).toHaveLength(1);
    expect(after.messages[0]).toMatchObject({ channel: 'email', direction: 'outbound' });
    const email = await firstEmailTo(address);
    expect(email.subject).toBe('Your trip');
    expect(email.text).toContain('three Goa packages');
    const noEmail = dataOf<Lead>(await api(staff.token, 'POST', '/api/admin/leads', { name: 'Phone only' }));
    const refused = await api(staff.token, 'POST', `/api/admin/leads/${noEmail.id}/reply`, { message: 'hi' });
    expect(refused.status).toBe(409);
  });

  it('when someone asks for a demo, then the platform has a new demo_request lead', async () => {
    const email = `${uniqueName('demo')}@example.com`;
    const res = await intake('/api/demo-requests', {
      name: 'Asha',
      email,
      company: 'Rao Travels',
    });
    expect(res.status).toBe(201);
    const { id } = dataOf<{ id: string }>(res);
    const leads = dataOf<(Lead & { email: string })[]>(
      await api(admin.token, 'GET', '/api/admin/leads?tenantId=platform&limit=100'),
    );
    expect(leads.find((lead) => lead.id === id)).toMatchObject({
      email,
      source: 'demo_request',
      status: 'new',
    });
    expect((await intake('/api/demo-requests', { name: 'No email' })).status).toBe(400);
  });
});

describe('support queries', () => {
  let admin: AdminApi;
  beforeAll(async () => {
    admin = await platformAdmin();
  });

  it('when tenant staff ask and the platform answers, then the thread has both and the asker gets the answer by email', async () => {
    const staff = await tenantStaff(admin, []);
    const other = await tenantStaff(admin, []);
    const subject = `Invoice ${uniqueName('q')}`;
    const asked = await api(staff.token, 'POST', '/api/admin/queries', {
      subject,
      message: 'Why is a cancelled booking on my invoice?',
    });
    expect(asked.status).toBe(201);
    const query = dataOf<SupportQuery>(asked);
    expect(query).toMatchObject({ status: 'open', askedBy: { email: staff.email } });
    expect(
      (await api(admin.token, 'POST', '/api/admin/queries', { subject: 'x', message: 'y' })).status,
    ).toBe(403);
    const reply = `/api/admin/queries/${query.id}/reply`;
    expect((await api(staff.token, 'POST', reply, { message: 'self answer' })).status).toBe(403);
    expect(
      (await api(admin.token, 'POST', '/api/admin/queries/qry_missing/reply', { message: 'x' })).status,
    ).toBe(404);

    const answered = await api(admin.token, 'POST', reply, { message: 'A credit line follows next month.' });
    expect(answered.status).toBe(201);
    expect(dataOf<SupportQuery>(answered).status).toBe('answered');
    const email = await firstEmailTo(staff.email);
    expect(email.subject).toBe(`Re: ${subject}`);
    expect(email.text).toContain('A credit line follows next month.');

    const mine = dataOf<SupportQuery[]>(await api(staff.token, 'GET', '/api/admin/queries/mine'));
    const thread = mine.find((q) => q.id === query.id)?.thread ?? [];
    expect(thread.map((m) => m.from)).toEqual(['tenant', 'platform']);
    const others = dataOf<SupportQuery[]>(await api(other.token, 'GET', '/api/admin/queries/mine'));
    expect(others.map((q) => q.id)).not.toContain(query.id);
    const platform = dataOf<SupportQuery[]>(
      await api(admin.token, 'GET', '/api/admin/queries/mine?limit=100'),
    );
    expect(platform.map((q) => q.id)).toContain(query.id);
    expect(await auditActionsOf(admin, query.id)).toEqual(['query.replied', 'query.created']);
  });
});
