import { consumerGroupLag, createKafka, rewindConsumerGroup } from '@travel/events';
import type { Logger } from '@travel/logger';
import { createMongo, mongoOptionsOf } from '@travel/mongo';
import type { ReportsConfig } from '../config';
import { REPORT_TOPICS } from '../events/reports.consumer';

/** The read models' collections: everything a rebuild empties. */
export const READ_MODEL_COLLECTIONS = ['sale_facts', 'search_facts'];

/**
 * Prepares a rebuild while every reports process is stopped: empties the read models (unless
 * `keepReadModel`: a replay onto the figures as they are, which must change nothing) and moves the consumer
 * group back to the earliest offsets. The next start reads every event again; Kafka refuses the rewind while
 * a consumer of the group is running, so a rebuild cannot race a live consumer.
 */
export async function rebuildReadModels(
  config: ReportsConfig,
  logger: Logger,
  options: { keepReadModel?: boolean } = {},
): Promise<void> {
  const kafka = createKafka(config.KAFKA_BROKERS, 'reports-rebuild', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  await rewindConsumerGroup(kafka, config.REPORTS_CONSUMER_GROUP, REPORT_TOPICS, topicOptions);
  logger.info(
    { group: config.REPORTS_CONSUMER_GROUP, topics: REPORT_TOPICS },
    'consumer group rewound to the earliest offsets',
  );
  if (options.keepReadModel) return;
  const mongo = createMongo({ ...mongoOptionsOf(config), logger });
  await mongo.start();
  try {
    // Emptied, not dropped: the collections and their indexes are the index migration's (docs/decisions/data.md),
    // and a dropped collection would come back, on the first insert, without them.
    for (const name of READ_MODEL_COLLECTIONS) await mongo.connection.collection(name).deleteMany({});
    logger.info(
      { database: config.MONGO_DATABASE, collections: READ_MODEL_COLLECTIONS },
      'read models emptied',
    );
  } finally {
    await mongo.stop();
  }
}

/** Events of the report topics the consumer group has not handled yet: 0 once a rebuild has caught up. */
export async function readModelLag(config: ReportsConfig, logger: Logger): Promise<number> {
  const kafka = createKafka(config.KAFKA_BROKERS, 'reports-rebuild', logger, config.KAFKA_NAMESPACE, config);
  return consumerGroupLag(kafka, config.REPORTS_CONSUMER_GROUP, REPORT_TOPICS);
}
