import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  at: number;
  /** The request's method (deliveries are `POST`). */
  method: string;
  headers: IncomingHttpHeaders;
  /** Exactly the bytes that arrived, before any JSON parsing. */
  rawBody: string;
}

/** What the receiver does with its n-th request (1-based): answer a status (and a body), or sleep first. */
export type Behaviour = (n: number) => { status: number; sleepMs?: number; body?: string };

/** A webhook receiver on 127.0.0.1 that records every request and answers as its behaviour says. */
export async function startReceiver(behaviour: Behaviour = () => ({ status: 200 })) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        at: Date.now(),
        method: req.method ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      });
      const { status, sleepMs = 0, body } = behaviour(received.length);
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(status).end(body);
      }, sleepMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The parsed bodies of what arrived, for assertions on content. */
    bodies: () => received.map((r) => JSON.parse(r.rawBody) as { id: string; type: string; data: unknown }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const failFirst =
  (failures: number): Behaviour =>
  (n) => ({ status: n <= failures ? 500 : 200 });
