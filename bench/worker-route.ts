import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** What a route's worker posts once it listens: its port, or why it could not start. */
export type WorkerReady = { port: number } | { error: string };

export interface WorkerRoute {
  port: number;
  stop(): Promise<number>;
}

/**
 * Starts a route's script (`bare-route.js`, `in-process-search.js`) in a worker thread of the benchmark: its own
 * event loop, so it does not share one with the load generator, just as the gateway, a separate process, does not.
 * Resolves once the route listens on a random port of 127.0.0.1.
 */
export async function startWorkerRoute(script: string, workerData?: unknown): Promise<WorkerRoute> {
  const worker = new Worker(join(__dirname, script), { workerData });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('message', (ready: WorkerReady) =>
        'port' in ready ? resolve(ready.port) : reject(new Error(`${script}: ${ready.error}`)),
      );
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`${script} exited with code ${code} before listening`)));
    });
    return { port, stop: () => worker.terminate() };
  } catch (error) {
    await worker.terminate();
    throw error;
  }
}
