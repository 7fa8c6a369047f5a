import { peerTlsEnv, startServiceUnderTest, testInfra, testLogger, uniqueName } from '@travel/testkit';
import { readConfig } from '../src/config';
import { createPricingService } from '../src/service';

const infra = testInfra();

describe('pricing service', () => {
  it('when started against the real infrastructure, then grpc.health.v1 reports it and its dependencies SERVING', async () => {
    const config = readConfig({
      GRPC_PORT: '0',
      ...peerTlsEnv('pricing'),
      MONGO_URL: infra.mongoUrl,
      MONGO_DATABASE: uniqueName('ct_pricing'),
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    });
    const service = await startServiceUnderTest(createPricingService(config, testLogger()));
    try {
      for (const name of ['', 'mongodb']) expect(await service.health(name)).toBe('SERVING');
    } finally {
      await service.stop();
    }
  });
});
