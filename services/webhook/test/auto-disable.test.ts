import { documented, emailsTo, startReceiver, waitFor } from '@travel/testkit';
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
const failing = startReceiver(() => ({ status: 500 }));
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
  it("when every delivery to an endpoint failed for the set period, then it is disabled with its reason, the tenant's staff are emailed once, it gets nothing more, and once enabled it receives the events from then on and needs a full period of fresh failures to be disabled again", async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      "An endpoint whose every delivery has failed for 5 days is disabled (`enabled: false`, `status: disabled`, with `disabledReason` and `disabledAt`), the tenant's staff are emailed, and it receives nothing until enabled again",
    );
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

    // Enabled again (PATCH /webhooks/{id}) while the receiver still fails: the events from now on reach it, and
    // its failing streak starts afresh. The failures before the disable (far more than 2 s of them) count no
    // more: it is disabled again only once the deliveries made after the enable have failed for the full 2 s,
    // and its reason dates that streak from the first of them.
    const firstDisabledAt = listed.endpoints.find((e) => e.id === id)?.disabledAt as Date;
    const { endpoint: enabled } = await service.client.updateEndpoint({ caller: who, id, enabled: true });
    expect(enabled).toMatchObject({ status: 'active' });
    expect(enabled?.disabledReason).toBeUndefined();
    const afterEnable = bookingEvent(clientId);
    await publisher.publish('booking.events', afterEnable);
    await waitFor(() => expect(down.bodies().map((b) => b.id)).toContain(afterEnable.id), {
      timeoutMs: 20_000,
    });
    expect(down.bodies().map((b) => b.id)).not.toContain(whileDisabled.id);
    const freshFailure = await waitFor(async () => {
      const { deliveries } = await service.client.listDeliveries({ caller: who, eventId: afterEnable.id });
      const delivery = deliveries.find((d) => d.endpointId === id);
      expect(delivery?.attempts[0]).toMatchObject({ statusCode: 500, acknowledged: false });
      return delivery?.attempts[0]?.at as Date;
    });
    const freshStreak = setInterval(
      () => void publisher.publish('booking.events', bookingEvent(clientId)),
      400,
    );
    let again: { disabledAt?: Date; disabledReason?: string } | undefined;
    try {
      again = await waitFor(
        async () => {
          const relisted = await service.client.listEndpoints({ caller: who });
          const endpoint = relisted.endpoints.find((e) => e.id === id);
          expect(endpoint).toMatchObject({ status: 'disabled', disabledAt: expect.any(Date) });
          return endpoint;
        },
        { timeoutMs: 30_000 },
      );
    } finally {
      clearInterval(freshStreak);
    }
    const since = /\(since (.+)\)\.$/.exec(again?.disabledReason ?? '')?.[1];
    expect(since).toBe(freshFailure.toISOString());
    expect(freshFailure.getTime()).toBeGreaterThan(firstDisabledAt.getTime());
    expect((again?.disabledAt?.getTime() ?? 0) - freshFailure.getTime()).toBeGreaterThanOrEqual(2000);
    // One notice per disable: the second is a notice of its own.
    await waitFor(async () =>
      expect((await emailsTo(first.user?.email ?? '')).filter((m) => m.subject === subject)).toHaveLength(2),
    );
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
