import type { Logger } from '@travel/logger';
import { createClient } from 'redis';
import { answerWithin } from './answer-within';

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisHandle {
  name: string;
  client: RedisClient;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** True when Redis answers PING within `answerWithinMs`; false when it fails or is stalled. */
  ping(): Promise<boolean>;
}

/**
 * The gateway's Redis (rate limits, shared by replicas), through node-redis. Commands fail fast instead of
 * queueing while it is down (no offline queue). The first connection must succeed, or start() fails; after
 * that a lost connection is retried for ever, every 0.2 s growing to every 2 s.
 */
export function createRedis(url: string, logger: Logger, answerWithinMs = 1000): RedisHandle {
  let started = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      // A new Error of our own: node-redis checks `instanceof Error`, which the socket's error (made by
      // Node's core) fails inside jest's sandbox, where it would then retry for ever.
      reconnectStrategy: (retries, cause) =>
        started ? Math.min((retries + 1) * 200, 2000) : new Error(`redis unreachable: ${cause.message}`),
    },
  });
  client.on('error', (error) => logger.warn({ err: error }, 'redis error'));
  return {
    name: 'redis',
    client,
    async start() {
      await client.connect();
      started = true;
    },
    async stop() {
      if (!client.isOpen) return;
      await client.close().catch(() => client.destroy());
    },
    async ping() {
      const pong = client.ping().then((reply) => reply === 'PONG');
      return answerWithin(pong, answerWithinMs, async () => false);
    },
  };
}
