import { peerTlsEnv, startServiceUnderTest, testInfra, testLogger, uniqueName } from '@travel/testkit';
import { readConfig } from '../src/config';
import { createBillingService } from '../src/service';
import { TEST_SEALING_KEYS } from './billing.fixture';

const infra = testInfra();

describe('billing service', () => {
  it('when started against the real infrastructure, then grpc.health.v1 reports it and its dependencies SERVING', async () => {
    const config = readConfig({
      GRPC_PORT: '0',
      ...peerTlsEnv('billing'),
      MONGO_URL: infra.mongoUrl,
      MONGO_DATABASE: uniqueName('ct_billing'),
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      SEALING_KEYS: TEST_SEALING_KEYS,
    });
    const service = await startServiceUnderTest(createBillingService(config, testLogger()));
    try {
      for (const name of ['', 'mongodb', 'kafka']) expect(await service.health(name)).toBe('SERVING');
    } finally {
      await service.stop();
    }
  });
});
