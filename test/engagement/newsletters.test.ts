import { PROFILES, restartProcess } from '@travel/local-deploy';
import { emailsWithSubject, uniqueName, waitFor } from '@travel/testkit';
import { type AdminApi, platformAdmin } from '../support/admin';
import { call } from '../support/gateway';
import { tenantStaff } from '../support/staff';
import {
  api,
  auditActionsOf,
  caughtWithSubject,
  dataOf,
  errorCode,
  platformStaffWith,
  unchecked,
} from './engagement.support';

interface Subscriber {
  id: string;
  email: string;
  status: string;
}
interface Newsletter {
  id: string;
  status: string;
  counts: { recipients: number; sent: number; failed: number; pending: number };
}

/** Every subscriber of the platform's list, all pages. */
async function allSubscribers(token: string, status?: string): Promise<Subscriber[]> {
  const found: Subscriber[] = [];
  let cursor: string | null = null;
  do {
    const query = `limit=100${status ? `&status=${status}` : ''}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await api(token, 'GET', `/api/admin/subscribers?${query}`);
    const page = res.body as { data: Subscriber[]; nextCursor: string | null };
    found.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

describe('subscribers and newsletters', () => {
  let admin: AdminApi;
  beforeAll(async () => {
    admin = await platformAdmin();
  });

  it('when tenant staff, platform staff without `newsletters` or no token call them, then 403, 403 and 401', async () => {
    const tenant = await tenantStaff(admin, ['newsletters']);
    const lacking = await platformStaffWith(admin, ['blogs']);
    for (const [method, path] of [
      ['GET', '/api/admin/subscribers'],
      ['POST', '/api/admin/newsletters'],
      ['POST', '/api/admin/newsletters/nws_x/send'],
    ] as const) {
      const body = method === 'POST' ? { subject: 'x', html: '<p>x</p>' } : undefined;
      expect((await api(tenant.token, method, path, body)).status).toBe(403);
      expect((await api(lacking.token, method, path, body)).status).toBe(403);
      expect((await api(null, method, path, body)).status).toBe(401);
    }
  });

  it('when staff manage subscribers, then duplicates are 409, bad input 400 with details, and every change is audited', async () => {
    const marketer = await platformStaffWith(admin, ['newsletters']);
    const email = `${uniqueName('sub')}@example.com`;
    const created = await api(marketer.token, 'POST', '/api/admin/subscribers', {
      email: email.toUpperCase(),
    });
    expect(created.status).toBe(201);
    const subscriber = dataOf<Subscriber>(created);
    expect(subscriber).toMatchObject({ email, status: 'subscribed' });
    expect(errorCode(await api(marketer.token, 'POST', '/api/admin/subscribers', { email }))).toBe(
      'conflict',
    );
    const bad = await api(marketer.token, 'POST', '/api/admin/subscribers', { email: 'nope' });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: { details: { path: string }[] } }).error.details[0]?.path).toBe('email');
    const updated = await api(marketer.token, 'PUT', `/api/admin/subscribers/${subscriber.id}`, {
      status: 'unsubscribed',
    });
    expect(dataOf<Subscriber>(updated).status).toBe('unsubscribed');
    const deleted = await api(marketer.token, 'DELETE', `/api/admin/subscribers/${subscriber.id}`);
    expect(deleted.body).toEqual({ data: { id: subscriber.id, deleted: true } });
    expect((await api(marketer.token, 'DELETE', `/api/admin/subscribers/${subscriber.id}`)).status).toBe(404);
    expect(await auditActionsOf(admin, subscriber.id)).toEqual([
      'subscriber.deleted',
      'subscriber.updated',
      'subscriber.created',
    ]);
  });

  it('when a draft is changed, sent and changed again, then only the draft changes and a sent one is 409', async () => {
    const created = await api(admin.token, 'POST', '/api/admin/newsletters', {
      subject: 'Draft',
      html: '<p>a</p>',
    });
    expect(created.status).toBe(201);
    const { id } = dataOf<Newsletter>(created);
    const changed = await api(admin.token, 'PUT', `/api/admin/newsletters/${id}`, { subject: 'Draft 2' });
    expect(dataOf<{ subject: string }>(changed).subject).toBe('Draft 2');
    expect((await api(admin.token, 'PUT', `/api/admin/newsletters/${id}`, {})).status).toBe(400);
    expect((await api(admin.token, 'POST', '/api/admin/newsletters/nws_missing/send')).status).toBe(404);
    const other = dataOf<Newsletter>(
      await api(admin.token, 'POST', '/api/admin/newsletters', { subject: 'Bin me', html: '<p>b</p>' }),
    );
    expect((await api(admin.token, 'DELETE', `/api/admin/newsletters/${other.id}`)).status).toBe(200);
    expect(await auditActionsOf(admin, id)).toEqual(['newsletter.updated', 'newsletter.created']);
  });

  it('when a newsletter goes to 200 addresses (40 unsubscribed) and the service is restarted mid-send, then each subscribed address gets it exactly once, with a working unsubscribe link, and a second send is 409', async () => {
    // The list is the platform's: start it from this test's addresses alone.
    for (const old of await allSubscribers(admin.token, 'subscribed'))
      await unchecked(admin.token, 'DELETE', `/api/admin/subscribers/${old.id}`);
    const tag = uniqueName('nl');
    const addresses = Array.from({ length: 200 }, (_, i) => `${tag}-${i}@example.com`);
    const ids = new Map<string, string>();
    for (const email of addresses) {
      const res = await unchecked(admin.token, 'POST', '/api/admin/subscribers', { email });
      expect(res.status).toBe(201);
      ids.set(email, dataOf<Subscriber>(res).id);
    }
    const unsubscribed = addresses.filter((_, i) => i % 5 === 0);
    for (const email of unsubscribed) {
      const res = await unchecked(admin.token, 'PUT', `/api/admin/subscribers/${ids.get(email)}`, {
        status: 'unsubscribed',
      });
      expect(res.status).toBe(200);
    }
    const subscribed = addresses.filter((email) => !unsubscribed.includes(email));

    const subject = `Monsoon offers ${tag}`;
    const draft = await api(admin.token, 'POST', '/api/admin/newsletters', {
      subject,
      html: '<h1>Monsoon offers</h1><p>Kerala from ₹4,999.</p>',
    });
    const { id } = dataOf<Newsletter>(draft);
    const sending = await api(admin.token, 'POST', `/api/admin/newsletters/${id}/send`);
    expect(sending.status).toBe(200);
    expect(dataOf<Newsletter>(sending).status).toBe('sending');

    // Once some are out, stop the engagement service (SIGTERM) and start it again, as a deploy would.
    await waitFor(
      async () => {
        if ((await emailsWithSubject(subject)).length < 10) throw new Error('not started');
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    await restartProcess(process.env, PROFILES.e2e, 'engagement');

    const caught = await caughtWithSubject(subject, subscribed.length);
    const recipients = caught.flatMap((email) => email.to.map((to) => to.address)).sort();
    expect(recipients).toEqual([...subscribed].sort());

    const second = await api(admin.token, 'POST', `/api/admin/newsletters/${id}/send`);
    expect([second.status, errorCode(second)]).toEqual([409, 'conflict']);
    const sent = await waitFor(async () => {
      const list = await api(admin.token, 'GET', '/api/admin/newsletters?limit=100');
      const found = dataOf<Newsletter[]>(list).find((n) => n.id === id);
      if (found?.status !== 'sent' || found.counts.sent !== subscribed.length)
        throw new Error('not sent yet');
      return found;
    });
    expect(sent.counts).toEqual({
      recipients: subscribed.length,
      sent: subscribed.length,
      failed: 0,
      pending: 0,
    });

    // The link in an email unsubscribes exactly its address.
    const email = caught[0];
    const link = /Unsubscribe: (\S+)/.exec(email?.text ?? '')?.[1] ?? '';
    const path = new URL(link).pathname + new URL(link).search;
    const clicked = await api(null, 'GET', path);
    expect(dataOf<Subscriber>(clicked)).toMatchObject({
      email: email?.to[0]?.address,
      status: 'unsubscribed',
    });
    expect((await api(null, 'GET', '/api/newsletter/unsubscribe?token=not-a-token')).status).toBe(404);
    expect(await auditActionsOf(admin, id)).toContain('newsletter.sent');
    expect((await call('GET', '/api/health')).status).toBe(200);
  }, 300_000);
});
