import type { Admin, Kafka } from 'kafkajs';
import { namespaced } from './kafka-client';

export interface TopicOptions {
  partitions: number;
  replicationFactor: number;
}

/** The topics services share (partner-visible facts): their owner publishes, others consume. */
export const BOOKING_EVENTS_TOPIC = 'booking.events';
export const BILLING_EVENTS_TOPIC = 'billing.events';
/** Pricing's rule changes, heard by every pricing replica (a broadcast) to drop its cached rules. */
export const PRICING_CHANGES_TOPIC = 'pricing.changes';
/** Identity's changes that gateways may have cached (keys, clients, settings), heard by every gateway replica. */
export const IDENTITY_CHANGES_TOPIC = 'identity.changes';
/** The partner API calls each gateway answered, counted by identity. */
export const API_USAGE_TOPIC = 'api.usage';
/** The event of a gateway's batch of usage totals on `api.usage`. */
export const API_CALLS_EVENT = 'api.calls';
/** The partner API calls each gateway answered, one by one, kept by identity as the tenants' request log. */
export const API_REQUEST_LOGS_TOPIC = 'api.request-logs';
/** The event of a gateway's batch of calls on `api.request-logs`. */
export const API_REQUESTS_EVENT = 'api.requests';
/** Reports' own topic: storefront searches, published by `RecordSearch`, read back by its consumer. */
export const SEARCH_LOGS_TOPIC = 'reports.search-logs';
/** Every service's audited changes, relayed from the changed documents' outboxes, recorded by identity. */
export const AUDIT_ENTRIES_TOPIC = 'audit.entries';

/**
 * Every topic of the platform (each with its `<topic>.parked` twin), declared here and nowhere else:
 * docs/architecture.md lists them with their publishers and consumers, and scripts/architecture-doc.test.ts
 * fails when the two differ.
 */
export const TOPICS = [
  IDENTITY_CHANGES_TOPIC,
  API_USAGE_TOPIC,
  API_REQUEST_LOGS_TOPIC,
  BOOKING_EVENTS_TOPIC,
  BILLING_EVENTS_TOPIC,
  PRICING_CHANGES_TOPIC,
  SEARCH_LOGS_TOPIC,
  AUDIT_ENTRIES_TOPIC,
] as const;

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
    if (missing.length > 0) await createMissing(admin, missing, options);
    // Also for topics that exist: on a broker that has just restarted their leaders are elected anew, and a
    // consumer or an offsets request before that fails ("not the leader", "does not host this partition").
    await waitForLeaders(admin, wanted);
  } finally {
    await admin.disconnect();
  }
}

async function createMissing(admin: Admin, missing: string[], options: TopicOptions): Promise<void> {
  // Not kafkajs's own wait for leaders: on a broker that has just (re)started it gives up on a retriable
  // "does not host this topic-partition" (seen in CI after a broker restart); ours retries until a deadline.
  await admin.createTopics({
    waitForLeaders: false,
    topics: missing.map((topic) => ({
      topic,
      numPartitions: options.partitions,
      replicationFactor: options.replicationFactor,
    })),
  });
}

/** How long a process waits, at start, for a (re)started broker to lead its topics. */
export const LEADER_WAIT_MS = 30_000;

async function waitForLeaders(admin: Admin, topics: string[]): Promise<void> {
  const deadline = Date.now() + LEADER_WAIT_MS;
  for (;;) {
    const ready = await admin
      .fetchTopicMetadata({ topics })
      .then(
        ({ topics: found }) =>
          found.length === topics.length &&
          found.every((topic) => topic.partitions.length > 0 && topic.partitions.every((p) => p.leader >= 0)),
      )
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline)
      throw new Error(`topics without leaders after ${LEADER_WAIT_MS} ms: ${topics.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
