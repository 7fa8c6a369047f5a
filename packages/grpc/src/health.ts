import { health } from '@travel/contracts';
import type { ServiceImplementation } from 'nice-grpc';

const { HealthCheckResponse_ServingStatus: ServingStatus } = health;

/** A named dependency check (`mongodb`, `kafka`): true when the dependency answers. Reported, never readiness. */
export type HealthCheck = () => Promise<boolean>;

/**
 * The service name a liveness probe asks for: SERVING while the process answers at all (a database outage must
 * not restart a pod). NOT_SERVING once stopping.
 */
export const LIVENESS_SERVICE = 'liveness';

/**
 * grpc.health.v1 for one process. The empty service name is the process as a whole, the readiness probe's
 * question: SERVING once it has started (`isStarting` false) and until it stops, whatever its store, Kafka or the
 * services it calls say (docs/decisions/health.md: a shared dependency in readiness takes every replica out at
 * once). Each named check (`mongodb`, `kafka`) is asked only by name, a real round trip, which is how the
 * gateway reports the infrastructure behind a service.
 */
export function createHealthService(
  checks: Record<string, HealthCheck>,
  isShuttingDown: () => boolean = () => false,
  isStarting: () => boolean = () => false,
): ServiceImplementation<typeof health.HealthDefinition> {
  const statusOf = async (service: string): Promise<health.HealthCheckResponse_ServingStatus> => {
    if (isShuttingDown()) return ServingStatus.NOT_SERVING;
    if (service === LIVENESS_SERVICE) return ServingStatus.SERVING;
    // Still waiting for a dependency at start: alive (no restart), not ready; each named check says its own.
    if (service === '') return isStarting() ? ServingStatus.NOT_SERVING : ServingStatus.SERVING;
    const check = checks[service];
    if (!check) return ServingStatus.SERVICE_UNKNOWN;
    return (await runCheck(check)) ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
  };
  return {
    async check(request) {
      return { status: await statusOf(request.service) };
    },
    async *watch(request, context) {
      let last: health.HealthCheckResponse_ServingStatus | undefined;
      while (!context.signal.aborted) {
        const status = await statusOf(request.service);
        if (status !== last) yield { status };
        last = status;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    },
  };
}

async function runCheck(check: HealthCheck): Promise<boolean> {
  try {
    return await check();
  } catch {
    return false;
  }
}
