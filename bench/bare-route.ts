import type { AddressInfo } from 'node:net';
import { parentPort } from 'node:worker_threads';
import express from 'express';

/**
 * The baseline: an Express 5 JSON route with nothing in front of it, configured like the gateway (no
 * `x-powered-by`, no ETag). Runs in a worker thread of the benchmark, so it has its own event loop and
 * does not share one with the load generator, just as the gateway does not.
 */
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/bare', (_req, res) => {
  res.json({ data: { ok: true } });
});

const server = app.listen(0, '127.0.0.1', () => {
  parentPort?.postMessage({ port: (server.address() as AddressInfo).port });
});
