import { z } from 'zod';
import { SERVICE_NAMES, type ServiceName } from '../clients/service-clients';
import { defineOperations } from '../openapi/contract';
import { dataOf } from './common/partner-contract/operations';

// The public health summary, the staff's detailed report and the readiness probe (health.routes.ts); their words
// are in internal.texts.yaml.

export const ServiceStatus = z.enum(['SERVING', 'NOT_SERVING', 'UNREACHABLE']);

export const ServiceHealth = z.strictObject({
  status: ServiceStatus,
  dependencies: z.strictObject({ mongodb: ServiceStatus.optional(), kafka: ServiceStatus.optional() }),
});

const services = Object.fromEntries(SERVICE_NAMES.map((name) => [name, ServiceHealth])) as Record<
  ServiceName,
  typeof ServiceHealth
>;

export const PlatformHealth = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  checkedAt: z.iso.datetime(),
  services: z.strictObject(services),
  infrastructure: z.strictObject({
    mongodb: z.enum(['ok', 'down', 'unknown']),
    kafka: z.enum(['ok', 'down', 'unknown']),
    redis: z.enum(['ok', 'down']),
  }),
});

/** What anyone may see: whether all is well, and when the gateway last looked. */
export const PublicHealth = PlatformHealth.pick({ status: true, checkedAt: true });

/** As written before zod: `data.ready` is `true`, other fields are not ruled out. */
const Readiness = z.looseObject({ data: z.looseObject({ ready: z.literal(true) }) });

export const healthContract = {
  operations: defineOperations({
    getPlatformHealth: { method: 'get', path: '/health', responses: { '200': dataOf(PublicHealth) } },
    getPlatformHealthReport: {
      method: 'get',
      path: '/admin/health',
      responses: { '200': dataOf(PlatformHealth) },
    },
    getReadiness: { method: 'get', path: '/ready', responses: { '200': Readiness } },
  }),
  components: { ServiceStatus, ServiceHealth, PlatformHealth, PublicHealth },
};
