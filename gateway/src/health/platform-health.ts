import { health } from '@travel/contracts';
import { SERVICE_NAMES, type ServiceClients, type ServiceName } from '../clients/service-clients';

const DEPENDENCIES = ['mongodb', 'kafka'] as const;
type Dependency = (typeof DEPENDENCIES)[number];
type Status = 'SERVING' | 'NOT_SERVING' | 'UNREACHABLE';
type InfraStatus = 'ok' | 'down' | 'unknown';

export interface ServiceHealth {
  status: Status;
  /** Each infrastructure dependency the service reports on, as the service sees it. */
  dependencies: Partial<Record<Dependency, Status>>;
}

export interface PlatformHealth {
  status: 'ok' | 'degraded';
  services: Record<ServiceName, ServiceHealth>;
  infrastructure: Record<Dependency, InfraStatus> & { redis: 'ok' | 'down' };
  checkedAt: string;
}

async function probe(
  clients: ServiceClients,
  name: ServiceName,
  service: string,
): Promise<Status | undefined> {
  try {
    const { status } = await clients.health[name].check({ service });
    if (status === health.HealthCheckResponse_ServingStatus.SERVICE_UNKNOWN) return undefined;
    return status === health.HealthCheckResponse_ServingStatus.SERVING ? 'SERVING' : 'NOT_SERVING';
  } catch {
    return 'UNREACHABLE';
  }
}

async function serviceHealth(clients: ServiceClients, name: ServiceName): Promise<ServiceHealth> {
  const [status, ...deps] = await Promise.all([
    probe(clients, name, ''),
    ...DEPENDENCIES.map((dependency) => probe(clients, name, dependency)),
  ]);
  const dependencies: ServiceHealth['dependencies'] = {};
  DEPENDENCIES.forEach((dependency, i) => {
    const value = deps[i];
    if (value && value !== 'UNREACHABLE') dependencies[dependency] = value;
  });
  return { status: status ?? 'UNREACHABLE', dependencies };
}

/** A dependency is down when any service that uses it says so; unknown when no service could tell. */
function infraStatus(services: ServiceHealth[], dependency: Dependency): InfraStatus {
  const seen = services.map((s) => s.dependencies[dependency]).filter((s) => s !== undefined);
  if (seen.length === 0) return 'unknown';
  return seen.every((s) => s === 'SERVING') ? 'ok' : 'down';
}

/** Asks every service's grpc.health.v1 (and each named dependency) in parallel, plus the gateway's Redis. */
export async function checkPlatformHealth(
  clients: ServiceClients,
  redisPing: () => Promise<boolean>,
  now: () => Date,
): Promise<PlatformHealth> {
  const [redisOk, ...reports] = await Promise.all([
    redisPing().catch(() => false),
    ...SERVICE_NAMES.map((name) => serviceHealth(clients, name)),
  ]);
  const services = Object.fromEntries(
    SERVICE_NAMES.map((name, i) => [name, reports[i]]),
  ) as PlatformHealth['services'];
  const infrastructure = {
    mongodb: infraStatus(reports, 'mongodb'),
    kafka: infraStatus(reports, 'kafka'),
    redis: redisOk ? 'ok' : 'down',
  } satisfies PlatformHealth['infrastructure'];
  const allGood =
    reports.every((r) => r.status === 'SERVING') && Object.values(infrastructure).every((s) => s === 'ok');
  return { status: allGood ? 'ok' : 'degraded', services, infrastructure, checkedAt: now().toISOString() };
}
