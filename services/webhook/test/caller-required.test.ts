import { codeOf, staffCaller } from '@travel/testkit';
import { caller, SUPPORT, startWebhook, webhookEnv } from './webhook.fixture';

const env = webhookEnv();
let service: Awaited<ReturnType<typeof startWebhook>>;

beforeAll(async () => {
  service = await startWebhook(env);
});
afterAll(async () => {
  await service?.stop();
});

/** docs/access.md, "Callers": no caller is refused; an endpoint is reached through its owner's scope only. */
describe('webhook callers', () => {
  it('when a call names no caller, then it is forbidden and nothing is registered or deleted', async () => {
    const owner = caller(901);
    const { endpoint } = await service.client.registerEndpoint({
      caller: owner,
      url: 'http://127.0.0.1:9/a',
      events: [],
    });
    const id = endpoint?.id ?? '';
    expect(await codeOf(service.client.registerEndpoint({ url: 'http://127.0.0.1:9/b', events: [] }))).toBe(
      'forbidden',
    );
    expect(await codeOf(service.client.listEndpoints({}))).toBe('forbidden');
    expect(await codeOf(service.client.deleteEndpoint({ id }))).toBe('forbidden');
    expect(await codeOf(service.client.listDeliveries({ endpointId: id }))).toBe('forbidden');
    expect(await codeOf(service.client.listDeliveries({ endpointId: id, limit: 10 }))).toBe('forbidden');
    expect(await codeOf(service.client.pingEndpoint({ id }))).toBe('forbidden');
    expect(await codeOf(service.client.updateEndpoint({ id, enabled: false }))).toBe('forbidden');
    expect(
      await codeOf(
        service.client.redeliverDelivery({
          endpointId: id,
          deliveryId: 'whd_x_1',
          idempotencyKey: 'k-no-caller',
        }),
      ),
    ).toBe('forbidden');
    expect((await service.client.listEndpoints({ caller: owner })).endpoints).toEqual([
      expect.objectContaining({ id, status: 'active' }),
    ]);
  });

  it("when another client, or the owner's other environment, names an endpoint by id, then it is not_found and stays", async () => {
    const owner = caller(902, 'live', 'ten_b');
    const { endpoint } = await service.client.registerEndpoint({
      caller: owner,
      url: 'http://127.0.0.1:9/c',
      events: [],
    });
    const id = endpoint?.id ?? '';
    for (const intruder of [caller(903, 'live', 'ten_a'), caller(902, 'test', 'ten_b')]) {
      expect(await codeOf(service.client.deleteEndpoint({ caller: intruder, id }))).toBe('not_found');
      expect(await codeOf(service.client.listDeliveries({ caller: intruder, endpointId: id }))).toBe(
        'not_found',
      );
      expect(
        await codeOf(service.client.listDeliveries({ caller: intruder, endpointId: id, limit: 10 })),
      ).toBe('not_found');
      expect(await codeOf(service.client.pingEndpoint({ caller: intruder, id }))).toBe('not_found');
      expect(await codeOf(service.client.updateEndpoint({ caller: intruder, id, enabled: false }))).toBe(
        'not_found',
      );
      expect(
        await codeOf(
          service.client.redeliverDelivery({
            caller: intruder,
            endpointId: id,
            deliveryId: 'whd_x_1',
            idempotencyKey: 'k-intruder',
          }),
        ),
      ).toBe('not_found');
      expect((await service.client.listEndpoints({ caller: intruder })).endpoints).toEqual([]);
    }
    expect((await service.client.listEndpoints({ caller: owner })).endpoints.map((e) => e.id)).toEqual([id]);
    expect((await service.client.listDeliveries({ caller: SUPPORT, endpointId: id })).deliveries).toEqual([]);
  });

  it('when staff (not a partner) manage endpoints, then they are refused; platform staff may read deliveries', async () => {
    const tenantStaff = staffCaller({ userId: 'usr_t', tenantId: 'ten_a' });
    const platform = staffCaller({ userId: 'usr_p' });
    expect(await codeOf(service.client.listEndpoints({ caller: tenantStaff }))).toBe('forbidden');
    expect(await codeOf(service.client.pingEndpoint({ caller: platform, id: 'whk_1' }))).toBe('forbidden');
    expect(await codeOf(service.client.updateEndpoint({ caller: platform, id: 'whk_1' }))).toBe('forbidden');
    expect(await codeOf(service.client.listDeliveries({ caller: tenantStaff, eventId: 'evt_x' }))).toBe(
      'forbidden',
    );
    expect(await codeOf(service.client.listDeliveries({ caller: platform, eventId: 'evt_x' }))).toBe('ok');
  });
});
