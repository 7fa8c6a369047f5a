import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Test support for the SDK's own unit tests (not built, not published: see tsconfig.json and package.json).

/** An answer, or `drop`: the connection is destroyed without one (a network failure, seen by the client). */
export type Answer = { status: number; headers?: Record<string, string>; body?: unknown } | 'drop';

export interface Seen {
  method: string;
  url: string;
  at: number;
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: Server[] = [];

/** A real HTTP server on 127.0.0.1 that answers from a script, one entry per request, and records them. */
export async function scriptedServer(script: Answer[]) {
  const seen: Seen[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', at: Date.now(), headers: req.headers, body });
      const answer = script[Math.min(seen.length - 1, script.length - 1)] ?? { status: 500 };
      if (answer === 'drop') return void req.socket.destroy();
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'x-request-id': `req-${seen.length}`,
        ...answer.headers,
      });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { baseUrl: `http://127.0.0.1:${port}/api/v1`, seen };
}

/** Closes every server the test file started (its `afterEach`). */
export async function stopScriptedServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
}
