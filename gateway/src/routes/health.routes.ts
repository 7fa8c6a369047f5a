import { AppError } from '@travel/errors';
import type { z } from 'zod';
import type { ServiceClients } from '../clients/service-clients';
import { checkPlatformHealth } from '../health/platform-health';
import { checkReadiness } from '../health/readiness';
import { dataBody } from '../http/envelope';
import type { RouteDefinition } from '../http/route-table';
import type { PlatformHealth } from './health.contract';

export interface HealthRouteDeps {
  clients: ServiceClients;
  redisPing: () => Promise<boolean>;
  isDraining?: () => boolean;
  now: () => Date;
}

/** Liveness for partners (spec shape, not wrapped), the platform report, and the Kubernetes readiness probe. */
export function healthRoutes({
  clients,
  redisPing,
  isDraining = () => false,
  now,
}: HealthRouteDeps): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/v1/health',
      access: { kind: 'public' },
      handlers: [(_req, res) => void res.json({ status: 'ok', version: 'v1', time: now().toISOString() })],
    },
    {
      method: 'get',
      path: '/api/health',
      access: { kind: 'public' },
      handlers: [
        async (_req, res) => {
          const report: z.output<typeof PlatformHealth> = await checkPlatformHealth(clients, redisPing, now);
          res.json(dataBody(report));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/ready',
      access: { kind: 'public' },
      handlers: [
        async (_req, res) => {
          // Shutting down: out of the load balancer at once, whatever the dependencies say.
          if (isDraining())
            throw new AppError('service_unavailable', 'The gateway is shutting down.', [
              { path: 'gateway', message: 'draining before shutdown' },
            ]);
          const readiness = await checkReadiness(clients, redisPing);
          if (readiness.length > 0)
            throw new AppError('service_unavailable', 'The gateway is not ready.', readiness);
          res.json(dataBody({ ready: true }));
        },
      ],
    },
  ];
}
