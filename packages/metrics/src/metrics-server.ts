import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@travel/logger';
import { collectProcessMetrics, registry } from './registry';

export interface MetricsServerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  logger: Logger;
}

export interface MetricsServer {
  name: string;
  /** The bound port (useful when `port` was 0). */
  port(): number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The process's own listener for Prometheus: `GET /metrics` in the text exposition format, 404 for
 * anything else. Kept off the public listener, so nobody outside the cluster reads it.
 */
export function createMetricsServer(options: MetricsServerOptions): MetricsServer {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(body),
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics scrape failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Scrape failed\n');
      },
    );
  });
  return {
    name: 'metrics-server',
    port: () => (server.address() as AddressInfo | null)?.port ?? options.port,
    start: () =>
      new Promise((resolve, reject) => {
        collectProcessMetrics();
        server.once('error', reject);
        server.listen(options.port, options.host, () => {
          const { port } = server.address() as AddressInfo;
          options.logger.info({ host: options.host, port }, 'metrics listening');
          resolve();
        });
      }),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
