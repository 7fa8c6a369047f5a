import { PartnerClient } from './client';
import { PartnerApiError } from './errors';
import { type Answer, scriptedServer, stopScriptedServers } from './testing/scripted-server';

afterEach(stopScriptedServers);

const client = (baseUrl: string) =>
  new PartnerClient({ apiKey: 'ptk_test_x', baseUrl, retry: { baseDelayMs: 10 } });

const attempt = {
  at: '2026-11-21 10:00:02',
  statusCode: 200,
  latencyMs: 84,
  responseBody: 'ok',
  error: null,
  succeeded: true,
  manual: true,
};
const delivery = {
  id: 'whd_k3J9x0QmT2vR8aLp5sWd_12',
  eventId: 'evt_k3J9x0QmT2vR8aLp5sWd',
  eventType: 'booking.created',
  status: 'succeeded',
  createdAt: '2026-11-21 10:00:00',
  attempts: [attempt],
  nextAttemptAt: null,
  held: false,
};
const unavailable: Answer = {
  status: 503,
  body: { error: { code: 'service_unavailable', message: 'Try again', requestId: 'req-503', details: null } },
};
const redelivered = (replayed: boolean): Answer => ({
  status: 200,
  headers: replayed ? { 'idempotent-replayed': 'true' } : {},
  body: { data: { attempt, delivery } },
});

describe('webhook operations against a real HTTP server', () => {
  it('pages an endpoint deliveries with its filters, and walks every page with the iterator', async () => {
    const { baseUrl, seen } = await scriptedServer([
      { status: 200, body: { data: [delivery], hasMore: true, nextCursor: 'c1' } },
      { status: 200, body: { data: [{ ...delivery, id: 'whd_a_12' }], hasMore: false, nextCursor: null } },
    ]);
    const ids: string[] = [];
    for await (const d of client(baseUrl).webhookDeliveries('whk_12', {
      status: 'failed',
      type: 'invoice.paid',
    }))
      ids.push(d.id);
    expect(ids).toEqual([delivery.id, 'whd_a_12']);
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ['GET', '/api/v1/webhooks/whk_12/deliveries?status=failed&type=invoice.paid'],
      ['GET', '/api/v1/webhooks/whk_12/deliveries?status=failed&type=invoice.paid&cursor=c1'],
    ]);
  });

  it('redelivers with one generated Idempotency-Key kept across a 503 retry, and says when the answer is a replay', async () => {
    const { baseUrl, seen } = await scriptedServer([unavailable, redelivered(false), redelivered(true)]);
    const sdk = client(baseUrl);
    const first = await sdk.redeliverWebhookDelivery('whk_12', delivery.id);
    expect(first).toMatchObject({ attempt, delivery, replayed: false });
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.slice(0, 2).map((s) => [s.method, s.url, s.headers['idempotency-key']])).toEqual([
      ['POST', `/api/v1/webhooks/whk_12/deliveries/${delivery.id}/redeliver`, first.idempotencyKey],
      ['POST', `/api/v1/webhooks/whk_12/deliveries/${delivery.id}/redeliver`, first.idempotencyKey],
    ]);
    const again = await sdk.redeliverWebhookDelivery('whk_12', delivery.id, {
      idempotencyKey: first.idempotencyKey,
    });
    expect([again.replayed, seen[2]?.headers['idempotency-key']]).toEqual([true, first.idempotencyKey]);
  });

  it('pings without retrying a 503 (the ping may have gone), and answers the attempt', async () => {
    const down = await scriptedServer([unavailable, { status: 200, body: { data: {} } }]);
    const error = await client(down.baseUrl)
      .pingWebhook('whk_12')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerApiError);
    expect(down.seen).toHaveLength(1);

    const up = await scriptedServer([{ status: 200, body: { data: { eventId: 'evt_ping_1', attempt } } }]);
    await expect(client(up.baseUrl).pingWebhook('whk_12')).resolves.toEqual({
      eventId: 'evt_ping_1',
      attempt,
    });
    expect([up.seen[0]?.method, up.seen[0]?.url]).toEqual(['POST', '/api/v1/webhooks/whk_12/ping']);
  });

  it('changes an endpoint with PATCH and the fields given only', async () => {
    const endpoint = {
      id: 'whk_12',
      url: 'https://h.example/x',
      events: [],
      status: 'disabled',
      createdAt: '2026-11-21 10:00:00',
    };
    const { baseUrl, seen } = await scriptedServer([{ status: 200, body: { data: endpoint } }]);
    await expect(client(baseUrl).updateWebhook('whk_12', { enabled: false })).resolves.toEqual(endpoint);
    expect([seen[0]?.method, seen[0]?.url, JSON.parse(seen[0]?.body ?? '')]).toEqual([
      'PATCH',
      '/api/v1/webhooks/whk_12',
      { enabled: false },
    ]);
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });
});
