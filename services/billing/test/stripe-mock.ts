import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureStripeMock } from '@travel/local-deploy';
import type { StripeEndpoint } from '../src/adapters/payment-providers/stripe';

export interface RunningStripeMock {
  endpoint: StripeEndpoint;
  /** Stops this server, by its own pid. */
  stop(): Promise<void>;
}

/**
 * Stripe's own mock server (pinned, built once with `go install` into ~/.cache/partner-travel), started by
 * the test on 127.0.0.1 with ports the kernel picks (HTTP and HTTPS both, so nothing listens elsewhere).
 */
export async function startStripeMock(): Promise<RunningStripeMock> {
  const binary = await ensureStripeMock({ log: (line) => process.stderr.write(`${line}\n`) });
  const child = spawn(binary, ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await listeningPort(child);
  return {
    endpoint: { host: '127.0.0.1', port, protocol: 'http' },
    stop: () => stopByPid(child),
  };
}

function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Listening for HTTP at address: 127\.0\.0\.1:(\d+)/.exec(seen);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`stripe-mock exited (${code}) before listening: ${seen}`)));
    child.once('error', reject);
  });
}

async function stopByPid(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid, 'SIGTERM');
  await exited;
}

/** One request as it went to stripe-mock. */
export interface SeenRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: string;
}

export interface RecordingRelay {
  url: string;
  seen: SeenRequest[];
  stop(): Promise<void>;
}

/**
 * A plain relay in front of stripe-mock that notes every request (stripe-mock keeps none): what the
 * tests check Stripe was asked, e.g. that a retry sent the same idempotency key. Answers are stripe-mock's.
 */
export async function startRecordingRelay(target: StripeEndpoint): Promise<RecordingRelay> {
  const seen: SeenRequest[] = [];
  const server = createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const key = incoming.headers['idempotency-key'];
      seen.push({
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        idempotencyKey: Array.isArray(key) ? key[0] : key,
        body: body.toString(),
      });
      const relayed = request(
        {
          host: target.host,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: `${target.host}:${target.port}` },
        },
        (reply) => {
          answer.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(answer);
        },
      );
      relayed.on('error', () => answer.destroy());
      relayed.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
