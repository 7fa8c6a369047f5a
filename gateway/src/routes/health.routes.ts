import { AppError } from '@travel/errors';
import type { z } from 'zod';
import type { HealthSnapshot } from '../health/health-snapshot';
import { dataBody } from '../http/envelope';
import type { RouteDefinition } from '../http/route-table';
import type { PlatformHealth, PublicHealth } from './health.contract';

export interface HealthRouteDeps {
  /** The platform report, refreshed in the background (health/health-snapshot.ts). */
  health: Pick<HealthSnapshot, 'current'>;
  isDraining?: () => boolean;
  now: () => Date;
}

/**
 * Liveness for partners (spec shape, not wrapped), the public health summary, the Kubernetes readiness probe and
 * the detailed report for platform staff. None of them calls anything: each answers from this process alone
 * (docs/decisions/health.md).
 */
export function healthRoutes({ health, isDraining = () => false, now }: HealthRouteDeps): RouteDefinition[] {
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
        (_req, res) => {
          // Only whether all is well and when that was seen: which part is down is for platform staff.
          const { status, checkedAt } = health.current();
          const summary: z.output<typeof PublicHealth> = { status, checkedAt };
          res.json(dataBody(summary));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/health',
      access: { kind: 'staff', platformOnly: true },
      handlers: [
        (_req, res) => {
          const report: z.output<typeof PlatformHealth> = health.current();
          res.json(dataBody(report));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/ready',
      access: { kind: 'public' },
      handlers: [
        (_req, res) => {
          // Ready from the moment the listener serves until the drain: no dependency takes it out of its Service.
          if (isDraining())
            throw new AppError('service_unavailable', 'The gateway is shutting down.', [
              { path: 'gateway', message: 'draining before shutdown' },
            ]);
          res.json(dataBody({ ready: true }));
        },
      ],
    },
  ];
}
