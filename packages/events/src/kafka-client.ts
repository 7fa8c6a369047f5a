import { connectionHint, explainConnectionError } from '@travel/config';
import type { Logger } from '@travel/logger';
import {
  Kafka,
  type KafkaConfig,
  logLevel,
  Partitioners,
  type ProducerConfig,
  type SASLOptions,
} from 'kafkajs';
import { checkKafkaTls } from './tls-preflight';

const levels: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** How kafkajs retries a request; consumers that set their own retry options start from it. */
export const KAFKA_RETRY = { initialRetryTime: 300, retries: 8 };

/**
 * The `KAFKA_SSL*` and `KAFKA_SASL_*` settings of a process's config (`kafkaFields` of @travel/config), as parsed:
 * the PEM files are already read. Absent (tests against the local broker): plaintext, no SASL.
 */
export interface KafkaSecuritySettings {
  KAFKA_SSL: boolean;
  KAFKA_SSL_CA_FILE?: string;
  KAFKA_SSL_CERT_FILE?: string;
  KAFKA_SSL_KEY_FILE?: string;
  KAFKA_SASL_MECHANISM: '' | 'plain' | 'scram-sha-256' | 'scram-sha-512';
  KAFKA_SASL_USERNAME: string;
  KAFKA_SASL_PASSWORD: string;
}

/** kafkajs's `ssl` and `sasl` options from the settings. */
export function kafkaSecurityOf(settings?: KafkaSecuritySettings): Pick<KafkaConfig, 'ssl' | 'sasl'> {
  if (!settings) return {};
  const { KAFKA_SSL_CA_FILE: ca, KAFKA_SSL_CERT_FILE: cert, KAFKA_SSL_KEY_FILE: key } = settings;
  const ssl = settings.KAFKA_SSL ? { ...(ca && { ca: [ca] }), ...(cert && key && { cert, key }) } : undefined;
  const mechanism = settings.KAFKA_SASL_MECHANISM;
  const sasl = mechanism
    ? ({
        mechanism,
        username: settings.KAFKA_SASL_USERNAME,
        password: settings.KAFKA_SASL_PASSWORD,
      } as SASLOptions)
    : undefined;
  return { ...(ssl && { ssl: Object.keys(ssl).length > 0 ? ssl : true }), ...(sasl && { sasl }) };
}

/**
 * The one place kafkajs is constructed; its log lines go through our pino logger. `namespace` prefixes
 * every topic and consumer group on the broker, so two copies of the platform (dev and e2e) can share one
 * Kafka without hearing each other; code keeps using the plain topic names. `security` is TLS and SASL
 * (docs/deploy.md, "Managed services"): a connection that fails on them names the setting to fix.
 */
export function createKafka(
  brokers: string[],
  clientId: string,
  logger: Logger,
  namespace = '',
  security?: KafkaSecuritySettings,
): Kafka {
  const kafkaLogger = logger.child({ component: 'kafkajs' });
  return new ExplainedKafka(namespace, {
    clientId,
    brokers,
    connectionTimeout: 3000,
    retry: KAFKA_RETRY,
    ...kafkaSecurityOf(security),
    logLevel: logLevel.WARN,
    logCreator: () => (entry) => {
      const { message, ...rest } = entry.log;
      // kafkajs retries a TLS failure for a minute before connect() fails: say at once which setting to check.
      const hint = connectionHint('kafka', { message, code: rest.code });
      kafkaLogger[levels[entry.level] ?? 'info'](
        hint ? { ...rest, hint } : rest,
        hint ? `${message} (${hint})` : message,
      );
    },
  });
}

/**
 * kafkajs with our checks around every client's `connect()`: a TLS setting that is wrong fails at once (the
 * preflight), and a failure a setting explains names it (ConnectionSettingError of @travel/config).
 */
class ExplainedKafka extends Kafka {
  readonly #explain: <T extends { connect(): Promise<void> }>(client: T) => T;

  constructor(
    readonly namespace: string,
    config: KafkaConfig & { brokers: string[] },
  ) {
    super(config);
    this.#explain = (client) => {
      const connect = client.connect.bind(client);
      client.connect = async () => {
        try {
          await checkKafkaTls(config.brokers, config.ssl);
          await connect();
        } catch (error) {
          throw explainConnectionError('kafka', error);
        }
      };
      return client;
    };
  }

  /** kafkajs's default partitioner, named (unnamed, kafkajs warns about its change of default). */
  override producer(config: ProducerConfig = {}) {
    return this.#explain(super.producer({ createPartitioner: Partitioners.DefaultPartitioner, ...config }));
  }
  override consumer(...args: Parameters<Kafka['consumer']>) {
    return this.#explain(super.consumer(...args));
  }
  override admin(...args: Parameters<Kafka['admin']>) {
    return this.#explain(super.admin(...args));
  }
}

/** The broker-side name of a topic or consumer group of this client. */
export function namespaced(kafka: Kafka, name: string): string {
  return `${kafka instanceof ExplainedKafka ? kafka.namespace : ''}${name}`;
}
