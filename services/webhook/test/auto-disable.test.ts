import { emailsTo, startReceiver, waitFor } from '@travel/testkit';
import { startEngagement } from '../../engagement/test/engagement.fixture';
import {
  ADMIN,
  actorOf,
  type IdentityUnderTest,
  login,
  newTenantStaff,
  startIdentity,
} from '../../identity/test/staff.fixture';
import { bookingEvent, caller, startPublisher, startWebhook, webhookEnv } from './webhook.fixture';

// Auto-disable (docs/decisions/partner-tools.md "Webhook secret rotation, auto-disable and recovery"): the real identity names the
// tenant's staff, the real engagement emails them through the test MailDev.
let identity: IdentityUnderTest;
let engagement: Awaited<ReturnType<typeof startEngagement>>;
let service: Awaited<ReturnType<typeof startWebhook>>;
let publisher: Awaited<ReturnType<typeof startPublisher>>;
let env: Record<string, string>;
let up = false;
const failing = startReceiver(() => ({ status: up ? 200 : 500 }));
const healthy = startReceiver();

beforeAll(async () => {
  identity = await startIdentity();
  engagement = await startEngagement(`ct_engagement_${Date.now().toString(36)}`, {
    IDENTITY_ADDRESS: identity.service.address,
  });
  env = webhookEnv({
    WEBHOOK_RETRY_DELAYS: '200ms,200ms',
    WEBHOOK_AUTO_DISABLE_AFTER: '2s',
    WEBHOOK_AUTO_DISABLE_CHECK_MS: '200',
    ENGAGEMENT_ADDRESS: engagement.service.address,
  });
  service = await startWebhook(env);
  publisher = await startPublisher(env);
});
afterAll(async () => {
  await Promise.all([(await failing).stop(), (await healthy).stop()]);
  await publisher?.stop();
  await service?.stop();
  await engagement?.service.stop();
  await identity?.stop();
});

describe('auto-disable of failing endpoints', () => {
  it("when every delivery to an endpoint failed for the set period, then it is disabled with its reason, the tenant's staff are emailed once, it gets nothing more, and once enabled it receives the events from then on", async () => {
    const platform = actorOf((await login(identity, ADMIN.email, ADMIN.password)).profile);
    const first = await newTenantStaff(identity, platform, []);
    const second = await newTenantStaff(identity, platform, [], first.tenantId, 'Developer');
    const clientId = 7501;
    const who = caller(clientId, 'live', first.tenantId);
    const down = await failing;
    const { endpoint } = await service.client.registerEndpoint({ caller: who, url: down.url, events: [] });
    const id = endpoint?.id ?? '';
    const ok = await service.client.registerEndpoint({ caller: who, url: (await healthy).url, events: [] });

    // Events keep coming while the receiver fails: a streak of failures longer than 2 s.
    const failingStreak = setInterval(
      () => void publisher.publish('booking.events', bookingEvent(clientId)),
      400,
    );
    try {
      await waitFor(
        async () => {
          const listed = await service.client.listEndpoints({ caller: who });
          expect(listed.endpoints.find((e) => e.id === id)).toMatchObject({
            status: 'disabled',
            disabledReason: expect.stringMatching(/^Every delivery failed for 2 seconds \(since .+\)\.$/),
            disabledAt: expect.any(Date),
          });
        },
        { timeoutMs: 30_000 },
      );
    } finally {
      clearInterval(failingStreak);
    }
    const listed = await service.client.listEndpoints({ caller: who });
    expect(listed.endpoints.find((e) => e.id === ok.endpoint?.id)?.status).toBe('active');

    const subject = `Webhook endpoint ${id} was disabled`;
    for (const address of [first.user?.email ?? '', second.user?.email ?? ''])
      await waitFor(async () => {
        const mail = (await emailsTo(address)).filter((m) => m.subject === subject);
        expect(mail).toHaveLength(1);
        expect(mail[0]?.text).toContain(down.url);
      });

    // Disabled: a new event makes no delivery, and nothing reaches the receiver.
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the last retries of the streak end
    const seen = down.received.length;
    const whileDisabled = bookingEvent(clientId);
    await publisher.publish('booking.events', whileDisabled);
    await waitFor(async () => {
      const deliveries = await service.client.listDeliveries({ caller: who, eventId: whileDisabled.id });
      expect(deliveries.deliveries.map((d) => d.endpointId)).toEqual([ok.endpoint?.id]);
    });
    expect(down.received.length).toBe(seen);

    // Enabled again (PATCH /webhooks/{id}): its failing streak starts afresh, and the
    // events from now on reach it.
    up = true;
    const { endpoint: enabled } = await service.client.updateEndpoint({ caller: who, id, enabled: true });
    expect(enabled).toMatchObject({ status: 'active' });
    expect(enabled?.disabledReason).toBeUndefined();
    const afterEnable = bookingEvent(clientId);
    await publisher.publish('booking.events', afterEnable);
    await waitFor(() => expect(down.bodies().map((b) => b.id)).toContain(afterEnable.id), {
      timeoutMs: 20_000,
    });
    expect(down.bodies().map((b) => b.id)).not.toContain(whileDisabled.id);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // several passes of the job
    const relisted = await service.client.listEndpoints({ caller: who });
    expect(relisted.endpoints.find((e) => e.id === id)).toMatchObject({ status: 'active' });
    expect(relisted.endpoints.find((e) => e.id === id)?.disabledReason).toBeUndefined();
    for (const address of [first.user?.email ?? ''])
      expect((await emailsTo(address)).filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('when another client or the other environment enables an endpoint, then not_found and it stays as it is', async () => {
    const owner = caller(7502);
    const { endpoint } = await service.client.registerEndpoint({
      caller: owner,
      url: 'http://127.0.0.1:9/',
      events: [],
    });
    for (const intruder of [caller(7503), caller(7502, 'test')])
      await expect(
        service.client.updateEndpoint({ caller: intruder, id: endpoint?.id ?? '', enabled: true }),
      ).rejects.toMatchObject({ code: 'not_found' });
    const listed = await service.client.listEndpoints({ caller: owner });
    expect(listed.endpoints.map((e) => [e.id, e.status])).toEqual([[endpoint?.id, 'active']]);
  });
});
