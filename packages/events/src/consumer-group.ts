import type { Kafka } from 'kafkajs';
import { namespaced } from './kafka-client';
import { ensureTopics, type TopicOptions } from './topics';

/**
 * Moves a consumer group back to the earliest offset of each topic, so its next start reads every event
 * again (a read model rebuilt from its topics). Kafka refuses while the group has members: stop the
 * consumers first. A group that never committed starts from the earliest offset anyway.
 */
export async function rewindConsumerGroup(
  kafka: Kafka,
  groupId: string,
  topics: string[],
  topicOptions: TopicOptions,
): Promise<void> {
  await ensureTopics(kafka, topics, topicOptions);
  const admin = kafka.admin();
  await admin.connect();
  try {
    for (const topic of topics)
      await admin.resetOffsets({
        groupId: namespaced(kafka, groupId),
        topic: namespaced(kafka, topic),
        earliest: true,
      });
  } finally {
    await admin.disconnect();
  }
}
