import { health } from '@travel/contracts';
import type { ServiceImplementation } from 'nice-grpc';

const { HealthCheckResponse_ServingStatus: ServingStatus } = health;

/** A named dependency check (`mongodb`, `kafka`): resolves true when the dependency answers. */
export type HealthCheck = () => Promise<boolean>;

/**
 * The service name a liveness probe asks for: SERVING while the process answers at all, whatever its
 * dependencies say (a database outage must make a pod unready, not restart it). NOT_SERVING once stopping.
 */
export const LIVENESS_SERVICE = 'liveness';

/**
 * grpc.health.v1 for one process. The empty service name is the process as a whole: SERVING only once it
 * has started (`isStarting` false) and every check passes. Each check can also be asked for by name, which
 * is how the gateway reports the infrastructure behind a service.
 */
export function createHealthService(
  checks: Record<string, HealthCheck>,
  isShuttingDown: () => boolean = () => false,
  isStarting: () => boolean = () => false,
): ServiceImplementation<typeof health.HealthDefinition> {
  const statusOf = async (service: string): Promise<health.HealthCheckResponse_ServingStatus> => {
    if (isShuttingDown()) return ServingStatus.NOT_SERVING;
    if (service === LIVENESS_SERVICE) return ServingStatus.SERVING;
    // Still waiting for a dependency: alive (no restart), not ready; each named check still says its own.
    if (service === '' && isStarting()) return ServingStatus.NOT_SERVING;
    const names = service === '' ? Object.keys(checks) : [service];
    if (service !== '' && !checks[service]) return ServingStatus.SERVICE_UNKNOWN;
    const results = await Promise.all(names.map((name) => runCheck(checks[name])));
    return results.every(Boolean) ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
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

async function runCheck(check: HealthCheck | undefined): Promise<boolean> {
  if (!check) return false;
  try {
    return await check();
  } catch {
    return false;
  }
}
