import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@travel/logger';
import type { Express } from 'express';

export interface HttpServer {
  name: string;
  port(): number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The HTTP listener: stops accepting on stop, lets in-flight requests finish (the process deadline bounds it). */
export function createHttpServer(app: Express, host: string, port: number, logger: Logger): HttpServer {
  const server: Server = createServer(app);
  server.keepAliveTimeout = 5000;
  return {
    name: 'http-server',
    port: () => (server.address() as AddressInfo | null)?.port ?? port,
    start: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          logger.info({ host, port: (server.address() as AddressInfo).port }, 'http listening');
          resolve();
        });
      }),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
