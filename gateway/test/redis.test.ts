import { testInfra, testLogger, uniqueName } from '@travel/testkit';
import { createRedis } from '../src/clients/redis';

describe('gateway redis', () => {
  it('when connected to the real Redis, then PING answers and a value round-trips', async () => {
    const redis = createRedis(testInfra().redisUrl, testLogger());
    await redis.start();
    try {
      expect(await redis.ping()).toBe(true);
      const key = uniqueName('ct:redis');
      await redis.client.set(key, 'round-trip', { EX: 30 });
      expect(await redis.client.get(key)).toBe('round-trip');
      await redis.client.del(key);
    } finally {
      await redis.stop();
    }
  });

  it('when nothing listens at the address, then ping fails instead of hanging', async () => {
    const redis = createRedis('redis://127.0.0.1:1', testLogger());
    await expect(redis.start()).rejects.toThrow();
    await redis.stop();
  });
});
