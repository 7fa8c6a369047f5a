import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { booking, health } from '@travel/contracts';
import { createServiceClient } from '@travel/grpc';
import { waitFor } from '@travel/testkit';
import type { BookingClient } from './booking.fixture';

const MAIN = join(__dirname, '..', 'dist', 'main.js');

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

export interface BookingProcess {
  client: BookingClient;
  exited: Promise<NodeJS.Signals | number | null>;
  kill(): Promise<void>;
}

/** The built booking service as its own OS process (so SIGKILL is a real crash), healthy on return. */
export async function spawnBooking(env: Record<string, string>): Promise<BookingProcess> {
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit').then(
    ([code, signal]) => (signal as NodeJS.Signals | null) ?? (code as number),
  );
  const address = `127.0.0.1:${env.GRPC_PORT}`;
  const probe = createServiceClient(health.HealthDefinition, address, { deadlineMs: 1000 });
  await waitFor(
    async () =>
      expect((await probe.check({ service: '' })).status).toBe(
        health.HealthCheckResponse_ServingStatus.SERVING,
      ),
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  return {
    client: createServiceClient(booking.BookingServiceDefinition, address, { deadlineMs: 20_000 }),
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
