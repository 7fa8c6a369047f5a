import type { Logger } from '@travel/logger';
import { Redis } from 'ioredis';

export interface RedisHandle {
  name: string;
  client: Redis;
  start(): Promise<void>;
  stop(): Promise<void>;
  ping(): Promise<boolean>;
}

/** The gateway's Redis (rate limits, shared by replicas). Commands fail fast instead of queueing while it is down. */
export function createRedis(url: string, logger: Logger): RedisHandle {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  client.on('error', (error) => logger.warn({ err: error }, 'redis error'));
  return {
    name: 'redis',
    client,
    async start() {
      await client.connect();
    },
    async stop() {
      await client.quit().catch(() => client.disconnect());
    },
    async ping() {
      return (await client.ping()) === 'PONG';
    },
  };
}
