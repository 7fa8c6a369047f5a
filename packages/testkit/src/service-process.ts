import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { health } from '@travel/contracts';
import { createServiceClient } from './peer-tls';
import { waitFor } from './wait-for';

/** A free port on 127.0.0.1, so a restarted process can come back at the same address. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServiceProcess {
  /** `127.0.0.1:<GRPC_PORT>`. */
  address: string;
  exited: Promise<NodeJS.Signals | number | null>;
  /** SIGKILL: a real crash, no shutdown hook runs. */
  kill(): Promise<void>;
}

/**
 * A built service (`dist/main.js`) as its own OS process, healthy on return; `env` must set GRPC_PORT and
 * GRPC_TLS_DIR (`peerTlsEnv`). Its index migration (`dist/commands/migrate.js` beside it, when it has one) runs
 * first with the same environment. Its
 * metrics listener takes a free port unless `env` names one, so it never meets a running stack's.
 */
export async function spawnService(main: string, env: Record<string, string>): Promise<ServiceProcess> {
  await runMigration(main, env);
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: { ...process.env, LOG_LEVEL: 'warn', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit').then(
    ([code, signal]) => (signal as NodeJS.Signals | null) ?? (code as number),
  );
  const address = `127.0.0.1:${env.GRPC_PORT}`;
  const probe = createServiceClient(health.HealthDefinition, address, { deadlineMs: 1000 });
  await waitFor(
    async () => {
      const { status } = await probe.check({ service: '' });
      if (status !== health.HealthCheckResponse_ServingStatus.SERVING)
        throw new Error(`${address} not serving`);
    },
    // A set-up bound, not a measure: a spawned process starts slowly while other test files run beside it.
    { timeoutMs: 90_000, intervalMs: 100 },
  );
  return {
    address,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The service's `commands/migrate.js` run to its end (asynchronously: other services of the test keep running). */
async function runMigration(main: string, env: Record<string, string>): Promise<void> {
  const command = join(dirname(main), 'commands', 'migrate.js');
  if (!existsSync(command)) return;
  await promisify(execFile)(process.execPath, [command], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`${command} failed: ${error.stderr || error.message}`);
  });
}
