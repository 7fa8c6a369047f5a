import { type AuditTrail, watchAuditTrail } from '@travel/testkit';
import {
  type EngagementClient,
  newDatabase,
  platformActor,
  startEngagement,
  tenantActor,
} from './engagement.fixture';

// Every staff change of engagement is stored with its audit entry and relayed to `audit.entries`
// (docs/decisions/audit.md); before, they were log lines only.
let client: EngagementClient;
let stop: () => Promise<void>;
let trail: AuditTrail;
const database = newDatabase();
beforeAll(async () => {
  const started = await startEngagement(database);
  client = started.client;
  stop = () => started.service.stop();
  trail = await watchAuditTrail(database);
});
afterAll(async () => {
  await trail.stop();
  await stop();
});

describe('audited engagement changes', () => {
  it('when staff create, update, reply to and delete a lead, then each change has its entry with who and from where', async () => {
    const staff = { ...tenantActor('ten_audit'), ip: '192.0.2.7', requestId: 'req_ct_lead_audit' };
    const lead = (await client.createLead({ caller: staff, name: 'Asha', email: 'asha@example.com' })).lead;
    const id = lead?.id ?? '';
    await client.updateLead({ caller: staff, id, company: 'Rao Travels' });
    await client.replyToLead({ caller: staff, id, message: 'Thanks, we will call you.' });
    await client.deleteLead({ caller: staff, id });
    const entries = await trail.of(id, 4);
    expect(entries.map((entry) => entry.action)).toEqual([
      'lead.created',
      'lead.updated',
      'lead.replied',
      'lead.deleted',
    ]);
    expect(entries[0]).toMatchObject({
      targetType: 'lead',
      actorUserId: 'usr_ten_audit',
      actorTenantId: 'ten_audit',
      actorEmail: 'ten_audit@example.com',
      ip: '192.0.2.7',
      requestId: 'req_ct_lead_audit',
    });
    expect(entries[1]?.details).toEqual({ company: 'Rao Travels' });
    await expect(client.deleteLead({ caller: staff, id })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('when subscribers, newsletters and support queries change, then each change has its entry', async () => {
    const subscriber = (
      await client.createSubscriber({ caller: platformActor, email: `s${Date.now()}@example.com` })
    ).subscriber;
    await client.updateSubscriber({
      caller: platformActor,
      id: subscriber?.id ?? '',
      status: 'unsubscribed',
    });
    await client.deleteSubscriber({ caller: platformActor, id: subscriber?.id ?? '' });
    expect((await trail.of(subscriber?.id ?? '', 3)).map((entry) => entry.action)).toEqual([
      'subscriber.created',
      'subscriber.updated',
      'subscriber.deleted',
    ]);
    const draft = (
      await client.createNewsletter({ caller: platformActor, subject: 'Monsoon deals', html: '<p>Hi</p>' })
    ).newsletter;
    await client.updateNewsletter({ caller: platformActor, id: draft?.id ?? '', subject: 'Monsoon deals!' });
    await client.sendNewsletter({ caller: platformActor, id: draft?.id ?? '' });
    const other = (
      await client.createNewsletter({ caller: platformActor, subject: 'Scrap', html: '<p>x</p>' })
    ).newsletter;
    await client.deleteNewsletter({ caller: platformActor, id: other?.id ?? '' });
    expect((await trail.of(draft?.id ?? '', 3)).map((entry) => entry.action)).toEqual([
      'newsletter.created',
      'newsletter.updated',
      'newsletter.sent',
    ]);
    expect((await trail.of(other?.id ?? '', 2)).map((entry) => entry.action)).toEqual([
      'newsletter.created',
      'newsletter.deleted',
    ]);
    const query = (
      await client.createQuery({ caller: tenantActor('ten_q'), subject: 'Refund?', message: 'Where is it?' })
    ).query;
    await client.replyToQuery({ caller: platformActor, id: query?.id ?? '', message: 'Sent.' });
    expect((await trail.of(query?.id ?? '', 2)).map((entry) => entry.action)).toEqual([
      'query.created',
      'query.replied',
    ]);
  });
});
