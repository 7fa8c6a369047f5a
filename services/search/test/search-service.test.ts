import { startServiceUnderTest, testLogger } from '@travel/testkit';
import { readConfig } from '../src/config';
import { createSearchService } from '../src/service';

describe('search service', () => {
  it('when started against the real infrastructure, then grpc.health.v1 reports it and its dependencies SERVING', async () => {
    const config = readConfig({
      GRPC_PORT: '0',
    });
    const service = await startServiceUnderTest(createSearchService(config, testLogger()));
    try {
      for (const name of ['']) expect(await service.health(name)).toBe('SERVING');
    } finally {
      await service.stop();
    }
  });
});
