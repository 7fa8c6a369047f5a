import { uniqueName } from '@travel/testkit';
import {
  codeOf,
  type EngagementClient,
  newDatabase,
  platformActor,
  startEngagement,
  tenantActor,
} from './engagement.fixture';

let client: EngagementClient;
let stop: () => Promise<void>;

beforeAll(async () => {
  const started = await startEngagement(newDatabase());
  client = started.client;
  stop = async () => {
    await started.mongo.connection.dropDatabase();
    await started.service.stop();
  };
});

afterAll(() => stop());

const tenantA = uniqueName('ten_a');
const tenantB = uniqueName('ten_b');

/** docs/access.md, "Callers": no caller is refused, never read as the platform; scopes are in every query. */
describe('engagement callers', () => {
  it('when a scoped call names no caller, then it is forbidden and nothing changes', async () => {
    const { lead } = await client.createLead({ caller: tenantActor(tenantA), name: 'Asha' });
    const id = lead?.id ?? '';
    expect(await codeOf(client.createLead({ name: 'Nobody' }))).toBe('forbidden');
    expect(await codeOf(client.updateLead({ id, status: 'contacted' }))).toBe('forbidden');
    expect(await codeOf(client.deleteLead({ id }))).toBe('forbidden');
    expect(await codeOf(client.listLeads({ page: { limit: 100 } }))).toBe('forbidden');
    expect(await codeOf(client.listQueries({ page: { limit: 100 } }))).toBe('forbidden');
    expect(await codeOf(client.listSubscribers({ page: { limit: 100 } }))).toBe('forbidden');
    expect(await codeOf(client.createSubscriber({ email: `${uniqueName('s')}@example.com` }))).toBe(
      'forbidden',
    );
    const everyLead = await client.listLeads({ caller: platformActor, page: { limit: 100 } });
    expect(everyLead.leads.filter((one) => one.name === 'Nobody')).toEqual([]);
    expect(everyLead.leads.find((one) => one.id === id)).toMatchObject({ status: 'new', tenantId: tenantA });
  });

  it("when tenant staff name another tenant's lead by id, then it is not_found and stays as it was", async () => {
    const { lead } = await client.createLead({
      caller: tenantActor(tenantB),
      name: 'Bina',
      email: 'b@x.example',
    });
    const id = lead?.id ?? '';
    const intruder = tenantActor(tenantA);
    expect(await codeOf(client.updateLead({ caller: intruder, id, status: 'contacted' }))).toBe('not_found');
    expect(await codeOf(client.replyToLead({ caller: intruder, id, message: 'Hello' }))).toBe('not_found');
    expect(await codeOf(client.deleteLead({ caller: intruder, id }))).toBe('not_found');
    const seenByA = await client.listLeads({ caller: intruder, page: { limit: 100 }, tenantId: tenantB });
    expect(seenByA.leads.map((one) => one.tenantId)).not.toContain(tenantB);
    const seenByB = await client.listLeads({ caller: tenantActor(tenantB), page: { limit: 100 } });
    expect(seenByB.leads.find((one) => one.id === id)).toMatchObject({ status: 'new', messages: [] });
  });

  it("when tenant staff list queries, then only their tenant's are there; staff without the right are refused newsletters", async () => {
    await client.createQuery({ caller: tenantActor(tenantB), subject: 'Refunds', message: 'How?' });
    const seenByA = await client.listQueries({ caller: tenantActor(tenantA), page: { limit: 100 } });
    expect(seenByA.queries.map((query) => query.tenantId)).not.toContain(tenantB);
    const withoutRight = { ...platformActor, rights: [] };
    expect(await codeOf(client.listNewsletters({ caller: withoutRight, page: { limit: 10 } }))).toBe(
      'forbidden',
    );
    expect(await codeOf(client.listNewsletters({ caller: tenantActor(tenantA), page: { limit: 10 } }))).toBe(
      'forbidden',
    );
  });

  it('when a staff notice is asked for by anyone but an internal job, then it is forbidden and nothing is queued', async () => {
    const notice = { noticeId: 'n-1', tenantId: tenantA, subject: 'Notice', text: 'Text' };
    for (const caller of [undefined, platformActor, tenantActor(tenantA)])
      expect(await codeOf(client.notifyTenantStaff({ caller, ...notice }))).toBe('forbidden');
  });
});
