import { apiAccess, audit, type caller, identityChanged, tenants } from '@travel/contracts';
import { createBroadcastSubscriber, createKafka } from '@travel/events';
import type { ServiceClient } from '@travel/grpc';
import {
  createServiceClient,
  staffCaller,
  startServiceUnderTest,
  testLogger,
  uniqueName,
} from '@travel/testkit';
import type { Connection } from 'mongoose';
import { IDENTITY_CHANGES_TOPIC } from '../src/events/identity-changes.outbox';
import { createIdentityService } from '../src/service';
import { identityConfig } from './staff.fixture';

const PLATFORM_STAFF = {
  userId: 'usr_ct_platform',
  email: 'ops@partner-travel.example',
  rights: ['api-access', 'audit'],
  ip: '203.0.113.9',
  requestId: 'req_ct_api_access',
};

/** The platform administrator's `Caller`, as the gateway builds it from the verified session. */
export const PLATFORM: caller.Caller = staffCaller(PLATFORM_STAFF);

export function tenantActor(tenantId: string, rights: string[] = PLATFORM_STAFF.rights): caller.Caller {
  return staffCaller({
    ...PLATFORM_STAFF,
    rights,
    userId: `usr_ct_${tenantId}`,
    email: `admin@${tenantId}.example`,
    tenantId,
  });
}

export interface ApiAccessUnderTest {
  apiAccess: ServiceClient<typeof apiAccess.ApiAccessServiceDefinition>;
  tenants: ServiceClient<typeof tenants.TenantServiceDefinition>;
  audit: ServiceClient<typeof audit.AuditServiceDefinition>;
  /** This test file's own Kafka namespace: its topics and groups are no one else's. */
  kafka: ReturnType<typeof createKafka>;
  namespace: string;
  /** The service's gRPC address (for clients of its other services: parked events). */
  address: string;
  connection: Connection;
  /** The service's clock: real time plus whatever the test moved it forward by. */
  now(): Date;
  advanceClock(seconds: number): void;
  /** The `identity.changed` announcements heard so far for one resource. */
  changesHeard(kind: string, id: string): identityChanged.IdentityChanged[];
  /** The newest audit lines (up to 100) about one resource. */
  auditOf(targetType: string, targetId: string): Promise<audit.AuditEntry[]>;
  stop(): Promise<void>;
}

/**
 * The real identity service in-process on a fresh database and its own Kafka namespace, with a clock the
 * test can move, and a subscriber that hears every change it announces, as a gateway would.
 */
export async function startApiAccess(env: Record<string, string> = {}): Promise<ApiAccessUnderTest> {
  const namespace = `${uniqueName('ct').replaceAll('_', '-')}.`;
  const config = identityConfig({ KAFKA_NAMESPACE: namespace, KAFKA_TOPIC_PARTITIONS: '1', ...env });
  const logger = testLogger();
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const built = createIdentityService(config, logger, { now });
  const kafka = createKafka(config.KAFKA_BROKERS, 'ct-identity-api-access', logger, namespace);
  const heard: identityChanged.IdentityChanged[] = [];
  const subscriber = createBroadcastSubscriber({
    kafka,
    topic: IDENTITY_CHANGES_TOPIC,
    topicOptions: { partitions: 1, replicationFactor: 1 },
    groupPrefix: 'ct-gateway',
    onEvent: (event) => heard.push(identityChanged.IdentityChanged.decode(event.payload)),
    logger,
  });
  const service = await startServiceUnderTest(built);
  await subscriber.start();
  const options = { deadlineMs: 10_000 };
  const auditClient = createServiceClient(audit.AuditServiceDefinition, service.address, options);
  return {
    apiAccess: createServiceClient(apiAccess.ApiAccessServiceDefinition, service.address, options),
    tenants: createServiceClient(tenants.TenantServiceDefinition, service.address, options),
    audit: auditClient,
    kafka,
    namespace,
    address: service.address,
    connection: built.mongo.connection,
    now,
    advanceClock(seconds) {
      offsetMs += seconds * 1000;
    },
    changesHeard: (kind, id) => heard.filter((change) => change.kind === kind && change.id === id),
    /** The log's entries of a target once they stopped changing (relayed changes arrive through audit.entries). */
    async auditOf(targetType, targetId) {
      const read = async () =>
        (await auditClient.listAuditEntries({ caller: PLATFORM, limit: 100 })).entries.filter(
          (entry) => entry.targetType === targetType && entry.targetId === targetId,
        );
      const deadline = Date.now() + 20_000;
      let last = await read();
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 400));
        const now = await read();
        if ((now.length > 0 && now.length === last.length) || Date.now() > deadline) return now;
        last = now;
      }
    },
    async stop() {
      await subscriber.stop();
      await built.mongo.connection.dropDatabase();
      await service.stop();
      await deleteTopics(kafka, namespace);
    },
  };
}

/** Leaves the broker as it was: this file's topics go with it. */
async function deleteTopics(kafka: ReturnType<typeof createKafka>, namespace: string): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(namespace));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
}
