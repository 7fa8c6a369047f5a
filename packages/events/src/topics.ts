import type { Kafka } from 'kafkajs';
import { namespaced } from './kafka-client';

export interface TopicOptions {
  partitions: number;
  replicationFactor: number;
}

/** Where a consumer parks a message it can never handle, for a human to look at. */
export function parkedTopicOf(topic: string): string {
  return `${topic}.parked`;
}

/** Creates the topics a process uses (and their parking topics) if they do not exist yet. */
export async function ensureTopics(kafka: Kafka, topics: string[], options: TopicOptions): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const wanted = [
      ...new Set(
        topics.map((topic) => namespaced(kafka, topic)).flatMap((topic) => [topic, parkedTopicOf(topic)]),
      ),
    ];
    const missing = wanted.filter((topic) => !existing.has(topic));
    if (missing.length === 0) return;
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic,
        numPartitions: options.partitions,
        replicationFactor: options.replicationFactor,
      })),
    });
  } finally {
    await admin.disconnect();
  }
}
