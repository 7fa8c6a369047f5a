import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@travel/logger';
import type { Express } from 'express';
import type { Drain } from './http/drain';

export interface HttpServer {
  name: string;
  port(): number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface HttpServerOptions {
  host: string;
  port: number;
  logger: Logger;
  drain: Drain;
  /** How long the listener keeps serving after SIGTERM, readiness already failing (a preStop sleep's part). */
  shutdownDelayMs: number;
}

const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The HTTP listener. On stop: drain (readiness 503, `Connection: close` on every answer) for the shutdown delay,
 * then stop accepting and let in-flight requests finish (the process deadline bounds it).
 */
export function createHttpServer(app: Express, options: HttpServerOptions): HttpServer {
  const { host, port, logger, drain } = options;
  const server: Server = createServer((req, res) => {
    // A client keeping this connection would send its next request to a listener about to close.
    if (drain.isDraining()) res.setHeader('connection', 'close');
    app(req, res);
  });
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
    async stop() {
      drain.begin();
      if (options.shutdownDelayMs > 0) {
        logger.info({ delayMs: options.shutdownDelayMs }, 'draining: not ready, still serving');
        await new Promise((resolve) => setTimeout(resolve, options.shutdownDelayMs));
      }
      await closeListener(server);
    },
  };
}

/**
 * Stops accepting. A keep-alive connection whose request was in flight turns idle once answered: it is closed
 * then, not after the keep-alive timeout, so the process exits as soon as its last answer is out.
 */
function closeListener(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}
