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

/**
 * How many messages of these topics the group has not committed yet (a group that never committed owes
 * every retained message): 0 once a rebuild or a replay has caught up.
 */
export async function consumerGroupLag(kafka: Kafka, groupId: string, topics: string[]): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    let lag = 0;
    const committed = await admin.fetchOffsets({
      groupId: namespaced(kafka, groupId),
      topics: topics.map((topic) => namespaced(kafka, topic)),
    });
    for (const topic of topics) {
      const ends = await admin.fetchTopicOffsets(namespaced(kafka, topic));
      const done = committed.find((entry) => entry.topic === namespaced(kafka, topic))?.partitions ?? [];
      for (const end of ends) {
        const at = Number(done.find((p) => p.partition === end.partition)?.offset ?? -1);
        lag += Number(end.high) - (at < 0 ? Number(end.low) : at);
      }
    }
    return lag;
  } finally {
    await admin.disconnect();
  }
}
