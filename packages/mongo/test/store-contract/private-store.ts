import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { secantusdArgs, secantusdBinary } from '@travel/local-deploy';
import { freePort, waitFor } from '@travel/testkit';
import { mongo } from 'mongoose';

export interface PrivateStore {
  /** A direct connection to this store alone. */
  url: string;
  /** SIGKILL: a real crash, no shutdown runs; resolves with the signal the store died of. */
  kill9(): Promise<NodeJS.Signals | null>;
  /** Stops it (SIGTERM, SIGKILL after 10 s) when the test is done with it. */
  stop(): Promise<void>;
}

async function ping(url: string): Promise<void> {
  const client = new mongo.MongoClient(url, { serverSelectionTimeoutMS: 500 });
  try {
    await client.db('admin').command({ ping: 1 });
  } finally {
    await client.close();
  }
}

/**
 * A `secantusd-rs` of the test's own (the embedded store's pinned build and settings) on a free port and
 * `dataDir`: the only store a test may kill. The shared store on 27017 is never touched.
 */
export async function startPrivateStore(dataDir: string): Promise<PrivateStore> {
  const port = await freePort();
  const child = spawn(secantusdBinary(process.env), secantusdArgs(port, dataDir), {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2000);
  });
  const exited = once(child, 'exit').then(([, signal]) => signal as NodeJS.Signals | null);
  const url = `mongodb://127.0.0.1:${port}/?directConnection=true`;
  await waitFor(
    async () => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the private store exited at start: ${output}`);
      await ping(url);
    },
    { timeoutMs: 20_000, intervalMs: 200 },
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    async kill9() {
      if (alive()) child.kill('SIGKILL');
      return exited;
    },
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
