import { health, search } from '@travel/contracts';
import { createLogger } from '@travel/logger';
import { ClientError, createChannel, createClient, Status } from 'nice-grpc';
import { LIVENESS_SERVICE } from './health';
import { createGrpcServer } from './start-server';

const { HealthCheckResponse_ServingStatus: ServingStatus } = health;
const logger = createLogger({ name: 'start-server-test', level: 'silent' });

describe('a gRPC server that listens before it starts', () => {
  it('when it listens but has not started, then health says NOT_SERVING (alive), a call is UNAVAILABLE, and once started both answer', async () => {
    const server = createGrpcServer({
      host: '127.0.0.1',
      port: 0,
      logger,
      healthChecks: { mongodb: async () => true },
      services: [
        {
          definition: search.SearchServiceDefinition,
          implementation: {
            searchFlights: async () => ({ onward: [], return: [] }),
            searchHotels: async () => ({ results: [] }),
            searchCars: async () => ({ results: [] }),
          },
        },
      ],
    });
    await server.listen();
    const channel = createChannel(`127.0.0.1:${server.port()}`);
    const healthClient = createClient(health.HealthDefinition, channel);
    const searchClient = createClient(search.SearchServiceDefinition, channel);
    const status = async (service: string) => (await healthClient.check({ service })).status;
    const searchError = () =>
      searchClient.searchFlights({}).then(
        () => null,
        (error: unknown) => (error instanceof ClientError ? error.code : error),
      );
    try {
      expect(await status('')).toBe(ServingStatus.NOT_SERVING);
      expect(await status(LIVENESS_SERVICE)).toBe(ServingStatus.SERVING);
      expect(await status('mongodb')).toBe(ServingStatus.SERVING);
      expect(await searchError()).toBe(Status.UNAVAILABLE);

      await server.start();
      expect(await status('')).toBe(ServingStatus.SERVING);
      expect(await searchError()).toBeNull();
    } finally {
      channel.close();
      await server.stop();
    }
  });
});
