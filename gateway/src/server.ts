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

const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The HTTP listener: stops accepting on stop, lets in-flight requests finish (the process deadline bounds it). */
export function createHttpServer(app: Express, host: string, port: number, logger: Logger): HttpServer {
  const server: Server = createServer(app);
  // Idle keep-alive connections are held longer than a load balancer's or client's own idle timeout (60 s
  // is the common one), so the other side always closes first: a server closing an idle connection at the
  // moment a client reuses it answers that request with a reset ("other side closed"), seen at 5 s.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
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
    // A keep-alive connection whose request was in flight at stop turns idle once answered: it is closed
    // then, not after the keep-alive timeout, so the process exits as soon as its last answer is out.
    stop: () =>
      new Promise((resolve) => {
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
