import { health } from '@travel/contracts';
import { createHealthService, LIVENESS_SERVICE } from './health';

const { HealthCheckResponse_ServingStatus: ServingStatus } = health;

// The chart's liveness and startup probes ask for LIVENESS_SERVICE; readiness asks for the process ('').
const check = (service: ReturnType<typeof createHealthService>, name: string) =>
  (service.check as (request: { service: string }) => Promise<{ status: number }>)({ service: name });

describe('health service', () => {
  it('when a dependency is down, then the process is still SERVING (ready) and alive, and the named check says down', async () => {
    const service = createHealthService({ mongodb: async () => false, kafka: async () => true });
    expect((await check(service, '')).status).toBe(ServingStatus.SERVING);
    expect((await check(service, 'mongodb')).status).toBe(ServingStatus.NOT_SERVING);
    expect((await check(service, 'kafka')).status).toBe(ServingStatus.SERVING);
    expect((await check(service, LIVENESS_SERVICE)).status).toBe(ServingStatus.SERVING);
  });

  it('when readiness is asked, then no dependency check runs; asked by name, a check that throws is NOT_SERVING', async () => {
    let asked = 0;
    const service = createHealthService({
      kafka: async () => {
        asked++;
        throw new Error('broker gone');
      },
    });
    expect((await check(service, '')).status).toBe(ServingStatus.SERVING);
    expect(asked).toBe(0);
    expect((await check(service, 'kafka')).status).toBe(ServingStatus.NOT_SERVING);
    expect(asked).toBe(1);
  });

  it('when the process is stopping, then it is NOT_SERVING whatever its dependencies say', async () => {
    const service = createHealthService({ mongodb: async () => true }, () => true);
    expect((await check(service, '')).status).toBe(ServingStatus.NOT_SERVING);
  });

  it('when the process is stopping, then liveness too answers NOT_SERVING', async () => {
    const service = createHealthService({ mongodb: async () => true }, () => true);
    expect((await check(service, LIVENESS_SERVICE)).status).toBe(ServingStatus.NOT_SERVING);
  });

  it('when the process is still starting, then it is NOT_SERVING but alive, and a named check says its own', async () => {
    const service = createHealthService(
      { mongodb: async () => true },
      () => false,
      () => true,
    );
    expect((await check(service, '')).status).toBe(ServingStatus.NOT_SERVING);
    expect((await check(service, LIVENESS_SERVICE)).status).toBe(ServingStatus.SERVING);
    expect((await check(service, 'mongodb')).status).toBe(ServingStatus.SERVING);
  });

  it('when a name is unknown, then it is SERVICE_UNKNOWN', async () => {
    const service = createHealthService({ mongodb: async () => true });
    expect((await check(service, 'nope')).status).toBe(ServingStatus.SERVICE_UNKNOWN);
  });
});
