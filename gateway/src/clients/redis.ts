import { explainConnectionError } from '@travel/config';
import type { Logger } from '@travel/logger';
import { createClient, type RedisClientOptions } from 'redis';
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

/** Where Redis is and how to reach it: the URL, and TLS and credentials beside it (PEM texts, already read). */
export interface RedisConnection {
  url: string;
  tls?: { ca?: string; cert?: string; key?: string };
  username?: string;
  password?: string;
}

/** The `redisFields` of @travel/config, as parsed (the PEM files read). */
export interface RedisSettings {
  REDIS_URL: string;
  REDIS_TLS_CA_FILE?: string;
  REDIS_TLS_CERT_FILE?: string;
  REDIS_TLS_KEY_FILE?: string;
  REDIS_USERNAME: string;
  REDIS_PASSWORD: string;
}

export function redisConnectionOf(settings: RedisSettings): RedisConnection {
  return {
    url: settings.REDIS_URL,
    tls: {
      ca: settings.REDIS_TLS_CA_FILE,
      cert: settings.REDIS_TLS_CERT_FILE,
      key: settings.REDIS_TLS_KEY_FILE,
    },
    ...(settings.REDIS_PASSWORD && {
      username: settings.REDIS_USERNAME || undefined,
      password: settings.REDIS_PASSWORD,
    }),
  };
}

/** node-redis's options beside the URL: TLS (a `rediss://` URL) with our CA and client certificate, and an ACL user. */
function clientOptionsOf(connection: RedisConnection): Pick<RedisClientOptions, 'username' | 'password'> & {
  tls?: { ca?: string; cert?: string; key?: string };
} {
  const { ca, cert, key } = connection.tls ?? {};
  const tls = connection.url.startsWith('rediss://')
    ? { ...(ca && { ca }), ...(cert && key && { cert, key }) }
    : undefined;
  return {
    ...(tls && { tls }),
    ...(connection.password && { username: connection.username, password: connection.password }),
  };
}

/**
 * The gateway's Redis (rate limits, shared by replicas), through node-redis. Commands fail fast instead of
 * queueing while it is down (no offline queue). The first connection must succeed, or start() fails; after
 * that a lost connection is retried for ever, every 0.2 s growing to every 2 s.
 */
export function createRedis(
  connection: string | RedisConnection,
  logger: Logger,
  answerWithinMs = 1000,
): RedisHandle {
  const { url, ...given } = typeof connection === 'string' ? { url: connection } : connection;
  const { tls, ...credentials } = clientOptionsOf({ url, ...given });
  let started = false;
  const client = createClient({
    url,
    ...credentials,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      ...(tls && { tls: true as const, ...tls }),
      // A new Error of our own: node-redis checks `instanceof Error`, which the socket's error (made by
      // Node's core) fails inside jest's sandbox, where it would then retry for ever. Its code stays, so a
      // TLS failure names the setting to fix.
      reconnectStrategy: (retries, cause) =>
        started
          ? Math.min((retries + 1) * 200, 2000)
          : Object.assign(new Error(`redis unreachable: ${cause.message}`), {
              code: (cause as { code?: unknown }).code,
            }),
    },
  });
  client.on('error', (error) => logger.warn({ err: error }, 'redis error'));
  return {
    name: 'redis',
    client,
    async start() {
      // A wrong password or CA fails with the setting to fix; start-up retries it like a Redis that is down.
      await client.connect().catch((error: unknown) => {
        throw explainConnectionError('redis', error);
      });
      started = true;
    },
    async stop() {
      if (!client.isOpen) return;
      // Waiting to reconnect (Redis lost), close() would wait for a connection that may never come back.
      if (!client.isReady) return client.destroy();
      await client.close().catch(() => client.destroy());
    },
    async ping() {
      const pong = client.ping().then((reply) => reply === 'PONG');
      return answerWithin(pong, answerWithinMs, async () => false);
    },
  };
}
