import type { Logger } from '@travel/logger';
import { type Kafka, Partitioners, type Producer } from 'kafkajs';
import { encodeEnvelope, type OutgoingEvent } from './envelope';
import { countProduced } from './event-metrics';
import { namespaced } from './kafka-client';
import { ensureTopics, type TopicOptions } from './topics';
import { tracePublish } from './trace-messages';

export interface EventPublisher {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once every event is acknowledged by the broker (acks from all in-sync replicas). */
  publish(topic: string, events: OutgoingEvent[]): Promise<void>;
  /** A real admin round trip to the broker, for health checks. */
  ping(): Promise<boolean>;
}

export interface PublisherOptions {
  kafka: Kafka;
  /** Topics this process writes; created at start. */
  topics: string[];
  topicOptions: TopicOptions;
  logger: Logger;
}

export function createEventPublisher(options: PublisherOptions): EventPublisher {
  const { kafka, logger } = options;
  const producer: Producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  const admin = kafka.admin();
  return {
    name: 'kafka-publisher',
    async start() {
      await ensureTopics(kafka, options.topics, options.topicOptions);
      await Promise.all([producer.connect(), admin.connect()]);
      logger.info({ topics: options.topics }, 'kafka publisher connected');
    },
    async stop() {
      await Promise.all([producer.disconnect(), admin.disconnect()]);
    },
    async publish(topic, events) {
      if (events.length === 0) return;
      const fullTopic = namespaced(kafka, topic);
      await tracePublish(fullTopic, events, (traceHeadersOf) =>
        producer
          .send({
            topic: fullTopic,
            acks: -1,
            messages: events.map(({ key, traceparent: _, ...envelope }, index) => ({
              key,
              value: encodeEnvelope(envelope),
              headers: { 'event-type': envelope.type, 'event-id': envelope.id, ...traceHeadersOf(index) },
            })),
          })
          .then(() => {}),
      );
      countProduced(topic, events.length);
    },
    async ping() {
      const cluster = await admin.describeCluster();
      return cluster.brokers.length > 0;
    },
  };
}
