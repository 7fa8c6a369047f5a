import type { Logger } from '@travel/logger';
import { Kafka, logLevel } from 'kafkajs';

const levels: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** How kafkajs retries a request; consumers that set their own retry options start from it. */
export const KAFKA_RETRY = { initialRetryTime: 300, retries: 8 };

const namespaces = new WeakMap<Kafka, string>();

/**
 * The one place kafkajs is constructed; its log lines go through our pino logger. `namespace` prefixes
 * every topic and consumer group on the broker, so two copies of the platform (dev and e2e) can share one
 * Kafka without hearing each other; code keeps using the plain topic names.
 */
export function createKafka(brokers: string[], clientId: string, logger: Logger, namespace = ''): Kafka {
  // kafkajs prints a banner about its partitioner on every producer unless told we chose one.
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';
  const kafkaLogger = logger.child({ component: 'kafkajs' });
  const kafka = new Kafka({
    clientId,
    brokers,
    connectionTimeout: 3000,
    retry: KAFKA_RETRY,
    logLevel: logLevel.WARN,
    logCreator: () => (entry) => {
      const { message, ...rest } = entry.log;
      kafkaLogger[levels[entry.level] ?? 'info'](rest, message);
    },
  });
  namespaces.set(kafka, namespace);
  return kafka;
}

/** The broker-side name of a topic or consumer group of this client. */
export function namespaced(kafka: Kafka, name: string): string {
  return `${namespaces.get(kafka) ?? ''}${name}`;
}
