import { createAuditOutbox } from '@travel/audit';
import { engagement } from '@travel/contracts';
import { AUDIT_ENTRIES_TOPIC, createAuditRelay, createEventPublisher, createKafka } from '@travel/events';
import {
  createGrpcServer,
  keepaliveOf,
  peerTlsOf,
  reflectionOf,
  serverConnectionsOf,
  serverPeersOf,
} from '@travel/grpc';
import { type Component, createPeriodicJob } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createMongo, mongoOptionsOf } from '@travel/mongo';
import { createMailer, type Mailer } from './adapters/mailer';
import type { EngagementConfig } from './config';
import { collections } from './db/collections';
import { createEmailRepository } from './db/email.repository';
import { createEmailRetention } from './db/email-retention';
import { createLeadRepository } from './db/lead.repository';
import { createNewsletterRepository } from './db/newsletter.repository';
import { createQueryRepository } from './db/query.repository';
import { createSubscriberRepository } from './db/subscriber.repository';
import { createWhatsappRepository } from './db/whatsapp.repository';
import { createLeadUseCases } from './domain/leads/lead-use-cases';
import { createNewsletterUseCases } from './domain/newsletters/newsletter-use-cases';
import { createNotifyTenantStaff } from './domain/notify-tenant-staff';
import { createQueryUseCases } from './domain/queries/query-use-cases';
import { createSubscriberUseCases } from './domain/subscribers/subscriber-use-cases';
import { createWhatsappUseCases } from './domain/whatsapp/whatsapp-use-cases';
import { createEngagementGrpc } from './grpc/engagement.grpc';
import { createTenantStaffDirectory } from './grpc/identity.client';
import { observeEmailOutbox } from './jobs/email-outbox-metrics';
import { createEmailSender } from './jobs/email-sender';
import { createNewsletterFanout } from './jobs/newsletter-fanout';
import { createSweepEmails } from './jobs/sweep-emails';

export interface EngagementServiceOptions {
  now?: () => Date;
  /** Tests wrap the real mailer (e.g. to fail the first attempts against the real SMTP server). */
  wrapMailer?: (mailer: Mailer) => Pick<Mailer, 'send'>;
}

/** How often each replica deletes the emails past their retention. */
const EMAIL_SWEEP_MS = 3_600_000;

/**
 * Engagement owns subscribers, newsletters, leads, support queries, WhatsApp messages and every outbound
 * email. Wired by hand: repositories → use cases → gRPC, plus three jobs: the newsletter fan-out (subscribed
 * addresses → emails), the email sender (the outbox → SMTP, with leases and retries) and the emails' sweep.
 */
export function createEngagementService(
  config: EngagementConfig,
  logger: Logger,
  options: EngagementServiceOptions = {},
) {
  const now = options.now ?? (() => new Date());
  // Stopped before the jobs (components stop in reverse order): they stop taking work, then are awaited.
  let stopping = false;
  const stopSignal: Component = {
    name: 'stop-signal',
    async start() {
      stopping = false;
    },
    async stop() {
      stopping = true;
    },
  };
  const mongo = createMongo({ ...mongoOptionsOf(config), logger, collections });
  const kafka = createKafka(config.KAFKA_BROKERS, 'engagement', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  const publisher = createEventPublisher({ kafka, topics: [AUDIT_ENTRIES_TOPIC], topicOptions, logger });
  // Each staff change is stored with its audit entry; this relay takes them to identity (docs/decisions/audit.md).
  const audit = createAuditOutbox();
  const auditRelay = createAuditRelay({ service: 'engagement', outbox: audit, publisher, config, logger });
  const subscribers = createSubscriberRepository(mongo.connection, audit);
  const newsletters = createNewsletterRepository(mongo.connection, audit);
  const emails = createEmailRepository(mongo.connection);
  observeEmailOutbox(emails, now);
  const leads = createLeadRepository(mongo.connection, audit);
  const mailer = createMailer({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    user: config.SMTP_USER,
    password: config.SMTP_PASSWORD,
    from: config.MAIL_FROM,
  });
  const senderJob = createPeriodicJob({
    name: 'email-sender',
    everyMs: config.EMAIL_POLL_MS,
    // Every email queued nudges it; idle, it backs off to ten polls (docs/decisions/engagement.md).
    idleMaxMs: 10 * config.EMAIL_POLL_MS,
    run: createEmailSender({
      emails,
      mailer: options.wrapMailer ? options.wrapMailer(mailer) : mailer,
      now,
      leaseMs: config.EMAIL_LEASE_MS,
      retryBaseMs: config.EMAIL_RETRY_BASE_MS,
      maxAttempts: config.EMAIL_MAX_ATTEMPTS,
      concurrency: config.EMAIL_CONCURRENCY,
      stopping: () => stopping,
      logger,
    }),
    logger,
  });
  const sweepJob = createPeriodicJob({
    name: 'email-sweep',
    everyMs: EMAIL_SWEEP_MS,
    run: createSweepEmails({
      retention: createEmailRetention(mongo.connection),
      keepMs: config.EMAIL_RETENTION_DAYS * 86_400_000,
      now,
      logger,
    }),
    logger,
  });
  const emailsQueued = () => senderJob.nudge();
  const fanoutJob = createPeriodicJob({
    name: 'newsletter-fanout',
    everyMs: config.EMAIL_POLL_MS,
    // A send request nudges it; idle, it backs off to ten polls (docs/decisions/engagement.md).
    idleMaxMs: 10 * config.EMAIL_POLL_MS,
    run: createNewsletterFanout({
      newsletters,
      subscribers,
      emails,
      now,
      baseUrl: config.PUBLIC_BASE_URL,
      batchSize: config.NEWSLETTER_FANOUT_BATCH,
      leaseMs: config.EMAIL_LEASE_MS,
      emailsQueued,
      stopping: () => stopping,
      logger,
    }),
    logger,
  });
  const engagementGrpc = createEngagementGrpc({
    subscribers: createSubscriberUseCases({ subscribers, now }),
    newsletters: createNewsletterUseCases({
      newsletters,
      emails,
      now,
      sendRequested: () => fanoutJob.nudge(),
    }),
    leads: createLeadUseCases({ leads, emails, now, emailsQueued }),
    queries: createQueryUseCases({
      queries: createQueryRepository(mongo.connection, audit),
      emails,
      now,
      emailsQueued,
    }),
    whatsapp: createWhatsappUseCases({
      whatsapp: createWhatsappRepository(mongo.connection),
      leads,
      now,
      verifyToken: config.WHATSAPP_VERIFY_TOKEN,
      appSecret: config.WHATSAPP_APP_SECRET,
    }),
    notifyTenantStaff: createNotifyTenantStaff({
      emails,
      staff: createTenantStaffDirectory(config.IDENTITY_ADDRESS, {
        caller: 'engagement',
        deadlineMs: config.IDENTITY_DEADLINE_MS,
        keepalive: keepaliveOf(config),
        tls: peerTlsOf(config),
      }),
      now,
      emailsQueued,
    }),
    emailsByIds: emails.findByIds,
  });
  const grpc = createGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    connections: serverConnectionsOf(config),
    reflection: reflectionOf(config),
    peers: serverPeersOf(config, 'engagement'),
    services: [{ definition: engagement.EngagementServiceDefinition, implementation: engagementGrpc }],
    healthChecks: { mongodb: mongo.ping, kafka: publisher.ping },
    logger,
  });
  const components: Component[] = [
    mongo,
    publisher,
    auditRelay,
    mailer,
    senderJob,
    fanoutJob,
    sweepJob,
    stopSignal,
    grpc,
  ];
  return { components, grpc, mongo };
}
