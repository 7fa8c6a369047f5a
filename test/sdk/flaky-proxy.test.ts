import {
  createServer,
  request as forward,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { PartnerClient } from '@partner-travel/sdk';
import { newPartner, platformAdmin } from '../support/admin';
import { type Booking, contact, flightOffers, partnerCall } from '../support/bookings';
import { gatewayUrl } from '../support/gateway';

// Issue 42: the partner SDK through a proxy on 127.0.0.1 that fails the way networks and load balancers do: it drops the connection before forwarding, drops it after the platform answered (the work is
// done, the answer lost), or answers 503 / 409 idempotency_key_in_use itself. The SDK retries with the same
// Idempotency-Key, so every booking is made exactly once, and every answer the caller gets is the real one.
// The faults come in turn, not at random: a random draw could miss 'drop-after' (the case that matters most) and
// fail the run by chance; in turn, every run meets every fault.

type Fault = 'drop-before' | 'drop-after' | 'unavailable' | 'in-use' | 'pass';
const FAULTS: Fault[] = ['drop-before', 'drop-after', 'unavailable', 'in-use', 'pass', 'pass'];

function flakyProxy(target: URL, faults: Fault[]) {
  const seen: Array<{ fault: Fault; key: string | undefined }> = [];
  let requests = 0;
  const fail = (res: ServerResponse, status: number, code: string, retryAfter: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'retry-after': retryAfter });
    res.end(
      JSON.stringify({ error: { code, message: 'from the proxy', requestId: 'req_proxy', details: null } }),
    );
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const fault = faults[requests++ % faults.length] ?? 'pass';
    seen.push({ fault, key: req.headers['idempotency-key'] as string | undefined });
    if (fault === 'drop-before') return void req.socket.destroy();
    if (fault === 'unavailable') return fail(res, 503, 'service_unavailable', '0');
    if (fault === 'in-use') return fail(res, 409, 'idempotency_key_in_use', '1');
    const upstream = forward(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        if (fault === 'drop-after') {
          // The platform did the work; its answer never reaches the client.
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  return {
    seen,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the partner SDK through a flaky proxy', () => {
  it('when connections drop and 503/409 answers come in turn, then every booking is made exactly once', async () => {
    const { key } = await newPartner(await platformAdmin());
    const offers = await flightOffers(key.secret);
    const proxy = flakyProxy(new URL(gatewayUrl()), FAULTS);
    const base = await proxy.start();
    try {
      const sdk = new PartnerClient({
        apiKey: key.secret,
        baseUrl: `${base}/api/v1`,
        retry: { maxRetries: 25, baseDelayMs: 20, maxDelayMs: 2000 },
        timeoutMs: 10_000,
      });
      const made = [];
      for (let i = 0; i < 12; i++) {
        const offer = offers[i % offers.length];
        made.push(
          await sdk.createBooking({ offerToken: offer?.offerToken ?? '', contact, reference: `flaky-${i}` }),
        );
      }
      // Each call kept one key across its retries, and the proxy did get in the way.
      for (const result of made)
        expect(
          new Set(proxy.seen.filter((s) => s.key === result.idempotencyKey).map((s) => s.key)).size,
        ).toBe(1);
      expect(proxy.seen.some((s) => s.fault === 'drop-after')).toBe(true);
      expect(proxy.seen.some((s) => s.fault !== 'pass')).toBe(true);

      // Straight to the gateway: exactly the twelve bookings the SDK answered, once each.
      const listed = (await partnerCall(key.secret, 'GET', '/api/v1/bookings?limit=100')).body as {
        data: Booking[];
      };
      expect(listed.data.map((b) => b.id).sort()).toEqual(made.map((m) => m.booking.id).sort());
      expect(new Set(listed.data.map((b) => b.reference)).size).toBe(12);
    } finally {
      await proxy.stop();
    }
  });
});
