import type { GenericContainer } from 'testcontainers';
import { kafkaEnvironment, kraftProperties, newClusterId } from '../infra/kafka-config';
import { probeMaildevWeb } from '../infra/maildev';
import { pingKafka, pingMongo, pingRedis } from '../infra/probes';
import type { LocalImage } from './local-image';
import { kafkaImage, maildevImage, redisImage, secantusdImage } from './local-images';
import { probeSmtpGreeting } from './mail-probe';

export type TestServerName = 'store' | 'kafka' | 'redis' | 'smtp';

/**
 * One server of the component tier, in a container on the host network. Each listens on 127.0.0.1 at a port
 * of the tier's own, beside the launcher's servers (27017, 9092, 6379, 1025/11025), told so by its command
 * line or environment in the form the official image takes too.
 */
export interface TestServer {
  name: TestServerName;
  /** The setting that names another image (`mongo:7`, `apache/kafka:3.9.1`, ...); unset, `localImage`. */
  imageVar: string;
  localImage: LocalImage;
  /** Set before the run, the server is someone else's: no container, the tests use that one. */
  externalVar: string;
  /** What the tests (and any process they spawn) read to find it. */
  env: Record<string, string>;
  configure(container: GenericContainer): GenericContainer;
  probe(timeoutMs: number): Promise<void>;
  startupTimeoutMs: number;
}

const HOST = '127.0.0.1';
export const TEST_SERVER_PORTS = {
  store: 37017,
  kafka: 39092,
  kafkaController: 39093,
  redis: 36379,
  smtp: 31025,
  smtpWeb: 31080,
} as const;
const P = TEST_SERVER_PORTS;

const MONGO_URL = `mongodb://${HOST}:${P.store}`;
const KAFKA_BROKER = `${HOST}:${P.kafka}`;
const REDIS_URL = `redis://${HOST}:${P.redis}`;
const MAILDEV_URL = `http://${HOST}:${P.smtpWeb}`;

/** secantusd-rs (our image: an entrypoint that takes mongod's flags) or mongod (the official image). */
const store: TestServer = {
  name: 'store',
  imageVar: 'TEST_STORE_IMAGE',
  localImage: secantusdImage,
  externalVar: 'MONGO_URL',
  env: { MONGO_URL },
  configure: (c) => c.withCommand(['--port', String(P.store), '--bind_ip', HOST]),
  probe: (timeoutMs) => pingMongo(MONGO_URL, timeoutMs),
  startupTimeoutMs: 60_000,
};

/** Single-node KRaft from KAFKA_* variables, which our image's run.sh and apache/kafka both read. */
const kafka: TestServer = {
  name: 'kafka',
  imageVar: 'TEST_KAFKA_IMAGE',
  localImage: kafkaImage,
  externalVar: 'KAFKA_BROKERS',
  env: { KAFKA_BROKERS: KAFKA_BROKER },
  configure: (c) =>
    c.withEnvironment({
      ...kafkaEnvironment(
        kraftProperties('/tmp/kraft-combined-logs', {
          broker: KAFKA_BROKER,
          controller: `${HOST}:${P.kafkaController}`,
        }),
      ),
      CLUSTER_ID: newClusterId(),
      KAFKA_HEAP_OPTS: '-Xmx512m -Xms128m',
    }),
  probe: (timeoutMs) => pingKafka([KAFKA_BROKER], timeoutMs),
  // A JVM on a shared 2-core machine.
  startupTimeoutMs: 120_000,
};

/** redis-server's flags; the official image's entrypoint passes flags to redis-server too. */
const redis: TestServer = {
  name: 'redis',
  imageVar: 'TEST_REDIS_IMAGE',
  localImage: redisImage,
  externalVar: 'REDIS_URL',
  env: { REDIS_URL },
  configure: (c) =>
    c.withCommand(['--bind', HOST, '--port', String(P.redis), '--save', '', '--appendonly', 'no']),
  probe: (timeoutMs) => pingRedis(REDIS_URL, timeoutMs),
  startupTimeoutMs: 30_000,
};

/** MailDev's MAILDEV_* variables, read by our image and maildev/maildev alike. */
const smtp: TestServer = {
  name: 'smtp',
  imageVar: 'TEST_SMTP_IMAGE',
  localImage: maildevImage,
  externalVar: 'MAILDEV_TEST_URL',
  env: { MAILDEV_TEST_URL: MAILDEV_URL, MAILDEV_TEST_SMTP_PORT: String(P.smtp) },
  configure: (c) =>
    c.withEnvironment({
      MAILDEV_SMTP_PORT: String(P.smtp),
      MAILDEV_WEB_PORT: String(P.smtpWeb),
      MAILDEV_IP: HOST,
      MAILDEV_WEB_IP: HOST,
    }),
  probe: async (timeoutMs) => {
    await probeMaildevWeb(MAILDEV_URL, timeoutMs);
    await probeSmtpGreeting(HOST, P.smtp, timeoutMs);
  },
  startupTimeoutMs: 30_000,
};

export const TEST_SERVERS: readonly TestServer[] = [store, kafka, redis, smtp];

export function testServerByName(name: TestServerName): TestServer {
  const found = TEST_SERVERS.find((s) => s.name === name);
  if (!found) throw new Error(`unknown test server "${name}"`);
  return found;
}
