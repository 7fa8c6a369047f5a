import { Kafka, logLevel } from 'kafkajs';
import type { InfraLog } from '../infra/types';

const DELETION_WAIT_MS = 30_000;

/**
 * Deletes every topic and consumer group whose name starts with `namespace` (a test profile's `KAFKA_NAMESPACE`,
 * never the local stack's empty one), beside its fresh databases: ids restart with the databases (`bkg_1`
 * again), so events an earlier run left on the topics would name records of this run (a replay of reports'
 * read model counted them as this run's sales).
 */
export async function deleteTopics(brokers: string[], namespace: string, log: InfraLog): Promise<void> {
  if (namespace === '') throw new Error('refusing to delete the topics of the empty namespace');
  const kafka = new Kafka({ clientId: 'travel-launcher', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const ours = (names: string[]) => names.filter((name) => name.startsWith(namespace));
    const groups = ours((await admin.listGroups()).groups.map((group) => group.groupId));
    // A group some leftover process still belongs to is not deleted (Kafka refuses); its offsets then point past
    // the new topics' ends, and the consumer starts over from the earliest, as a new group would.
    if (groups.length > 0) await admin.deleteGroups(groups).catch(() => undefined);
    const topics = ours(await admin.listTopics());
    if (topics.length === 0) return;
    await admin.deleteTopics({ topics, timeout: DELETION_WAIT_MS });
    // Gone from the metadata before the services create them again (a topic being deleted cannot be created).
    const until = Date.now() + DELETION_WAIT_MS;
    while (ours(await admin.listTopics()).length > 0) {
      if (Date.now() > until) throw new Error(`the ${namespace}* topics were not deleted in time`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    log(
      `[launch] deleted ${topics.length} ${namespace}* topics and ${groups.length} groups of an earlier run`,
    );
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}
