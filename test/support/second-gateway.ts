import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stateRoot } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';

interface ProcessSpec {
  name: string;
  entry: string;
  env: Record<string, string>;
}

/**
 * Another gateway process of the e2e stack, exactly as the launcher runs the first, on its own port (and its
 * metrics listener on a free one, beside the first gateway's).
 */
export async function startSecondGateway(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const specs = JSON.parse(
    readFileSync(join(stateRoot(process.env), 'run', 'e2e-stack.json'), 'utf8'),
  ) as ProcessSpec[];
  const spec = specs.find((s) => s.name === 'gateway');
  if (!spec) throw new Error('the e2e stack has no gateway spec');
  const child: ChildProcess = spawn(process.execPath, [spec.entry], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ...spec.env,
      HTTP_PORT: String(port),
      METRICS_PORT: '0',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        const res = await fetch(`${url}/api/ready`);
        expect(res.status).toBe(200);
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
  } catch (notReady) {
    // Left running, the child would keep jest (and the e2e slot) from exiting after the run.
    child.kill('SIGKILL');
    throw notReady;
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
