import type { Logger } from '@travel/logger';
import { Kafka, logLevel } from 'kafkajs';

const levels: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** The one place kafkajs is constructed; its log lines go through our pino logger. */
export function createKafka(brokers: string[], clientId: string, logger: Logger): Kafka {
  // kafkajs prints a banner about its partitioner on every producer unless told we chose one.
  process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';
  const kafkaLogger = logger.child({ component: 'kafkajs' });
  return new Kafka({
    clientId,
    brokers,
    connectionTimeout: 3000,
    retry: { initialRetryTime: 300, retries: 8 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry) => {
      const { message, ...rest } = entry.log;
      kafkaLogger[levels[entry.level] ?? 'info'](rest, message);
    },
  });
}
