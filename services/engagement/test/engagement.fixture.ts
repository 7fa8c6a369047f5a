import { engagement } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import {
  createServiceClient,
  peerTlsEnv,
  staffCaller,
  startServiceUnderTest,
  TEST_SMTP,
  testInfra,
  testLogger,
  uniqueName,
} from '@travel/testkit';
import { readConfig } from '../src/config';
import { createEngagementService, type EngagementServiceOptions } from '../src/service';

const infra = testInfra();

export type EngagementClient = ServiceClient<typeof engagement.EngagementServiceDefinition>;

export const WHATSAPP = { verifyToken: 'ct-verify-token', appSecret: 'ct-app-secret-123' };

/** A database of its own per test file; replicas started on the same one share it, as in production. */
export const newDatabase = () => uniqueName('ct_engagement');

/** One replica of the engagement service in-process, sending to the test MailDev. */
export async function startEngagement(
  database: string,
  env: Record<string, string> = {},
  options: EngagementServiceOptions = {},
) {
  const built = createEngagementService(
    readConfig({
      GRPC_PORT: '0',
      ...peerTlsEnv('engagement'),
      MONGO_URL: infra.mongoUrl,
      MONGO_DATABASE: database,
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      // Replicas of one database share its Kafka namespace too (its audit entries' topic).
      KAFKA_NAMESPACE: database,
      SMTP_HOST: TEST_SMTP.host,
      SMTP_PORT: String(TEST_SMTP.port),
      WHATSAPP_VERIFY_TOKEN: WHATSAPP.verifyToken,
      WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
      EMAIL_POLL_MS: '100',
      ...env,
    }),
    testLogger(),
    options,
  );
  const service = await startServiceUnderTest(built);
  const client: EngagementClient = createServiceClient(
    engagement.EngagementServiceDefinition,
    service.address,
    { deadlineMs: 20_000 },
  );
  return { client, service, mongo: built.mongo };
}

/** Platform staff holding `newsletters`, as the gateway's `callerOf` would send them. */
export const platformActor = staffCaller({
  userId: 'usr_platform',
  email: 'admin@example.com',
  rights: ['newsletters'],
});
export const tenantActor = (tenantId: string) =>
  staffCaller({ userId: `usr_${tenantId}`, email: `${tenantId}@example.com`, tenantId });

export { codeOf } from '@travel/testkit';
