import { request as httpRequest } from 'node:http';
import { createLogger } from '@travel/logger';
import { assembleApp } from './app';
import type { PlatformHealth } from './health/platform-health';
import { createDrain } from './http/drain';
import type { RouteDefinition } from './http/route-table';
import { healthRoutes } from './routes/health.routes';
import { createHttpServer } from './server';

const logger = createLogger({ name: 'test', level: 'silent' });

// Everything down, as the last report saw it: readiness depends only on the drain.
const degraded = {
  status: 'degraded',
  checkedAt: new Date(0).toISOString(),
  infrastructure: { mongodb: 'down', kafka: 'down', redis: 'down' },
  services: {},
} as unknown as PlatformHealth;

function drainingGateway(shutdownDelayMs: number) {
  let release = () => {};
  let arrived = () => {};
  const slowArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const routes: RouteDefinition[] = [
    ...healthRoutes({
      health: { current: () => degraded },
      isDraining: () => drain.isDraining(),
      now: () => new Date(),
    }),
    {
      method: 'get',
      path: '/api/v1/slow',
      access: { kind: 'public' },
      handlers: [
        async (_req, res) => {
          arrived();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          res.json({ data: 'slow' });
        },
      ],
    },
  ];
  const drain = createDrain();
  const server = createHttpServer(assembleApp(logger, routes, undefined), {
    host: '127.0.0.1',
    port: 0,
    logger,
    drain,
    shutdownDelayMs,
  });
  return { server, slowArrived, release: () => release() };
}

/**
 * One GET on a connection of its own: status and the Connection header as sent. Once the listener is closed it
 * fails, mostly ECONNREFUSED (a connect to a free ephemeral port can also meet itself: "socket hang up").
 */
function get(port: number, path: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { connection: 'keep-alive' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the gateway listener on SIGTERM', () => {
  it('when stopped with a shutdown delay, then readiness fails at once, requests are still answered with Connection: close, the one in flight finishes, and then the port is closed', async () => {
    const { server, slowArrived, release } = drainingGateway(3000);
    await server.start();
    const port = server.port();
    expect((await get(port, '/api/ready')).status).toBe(200);
    const inFlight = get(port, '/api/v1/slow');
    await slowArrived;

    const stopped = server.stop();
    expect(await get(port, '/api/ready')).toEqual({ status: 503, connection: 'close' });
    expect(await get(port, '/api/v1/health')).toEqual({ status: 200, connection: 'close' });
    release();
    expect((await inFlight).status).toBe(200);
    await stopped;

    await expect(get(port, '/api/v1/health')).rejects.toThrow();
  });

  it('when stopped without a delay, then the port closes as soon as the request in flight is answered', async () => {
    const { server, slowArrived, release } = drainingGateway(0);
    await server.start();
    const port = server.port();
    const inFlight = get(port, '/api/v1/slow');
    await slowArrived;
    const stopped = server.stop();
    release();
    expect((await inFlight).status).toBe(200);
    await stopped;
    await expect(get(port, '/api/v1/health')).rejects.toThrow();
  });
});
