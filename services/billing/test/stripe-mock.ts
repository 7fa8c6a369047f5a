import { type ChildProcess, spawn } from 'node:child_process';
import { ensureStripeMock } from '@travel/local-deploy';
import type { StripeEndpoint } from '../src/providers/stripe';

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
