import {
  auditFields,
  kafkaFields,
  loadConfig,
  mongoFields,
  port,
  positiveInt,
  refusedInProduction,
  serviceFields,
} from '@travel/config';
import { z } from 'zod';

const secret = z.string().min(8, 'must be at least 8 characters');

const schema = z
  .object({
    ...serviceFields({ grpcPort: 50061 }),
    ...mongoFields({ database: 'travel_engagement' }),
    /** Kafka carries its changes' audit entries to identity (`audit.entries`, docs/decisions/audit.md). */
    ...kafkaFields,
    ...auditFields,
    /** The SMTP server every email goes to (MailDev locally, the platform's relay in production). */
    SMTP_HOST: z.string().min(1).default('127.0.0.1'),
    SMTP_PORT: port(1025),
    /** `true`: TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
    SMTP_SECURE: z.stringbool().default(false),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    /** The `From` of every email. */
    MAIL_FROM: z.string().min(3).default('Partner Travel <no-reply@partner-travel.local>'),
    /** Where people reach the internal API: unsubscribe links start with it. */
    PUBLIC_BASE_URL: z.url().default('http://127.0.0.1:8080'),
    /** WhatsApp Cloud API: the token of the subscription handshake and the app secret that signs deliveries. */
    WHATSAPP_VERIFY_TOKEN: secret,
    WHATSAPP_APP_SECRET: secret,
    /** How often the email sender looks for due emails (it also runs at once when one is written). */
    EMAIL_POLL_MS: positiveInt(1000),
    /** An email claimed by a sender is its for this long; after it, another replica takes over a crashed one. */
    EMAIL_LEASE_MS: positiveInt(60_000),
    /** Pause after the first failed attempt; it doubles after each further failure. */
    EMAIL_RETRY_BASE_MS: positiveInt(30_000),
    /** After this many failed attempts an email stays `failed` and is no longer retried. */
    EMAIL_MAX_ATTEMPTS: positiveInt(8),
    /** Emails in flight at once per replica. */
    EMAIL_CONCURRENCY: positiveInt(8),
    /** Retention (docs/retention.md): a sent or given-up email is kept this long after it was queued. */
    EMAIL_RETENTION_DAYS: positiveInt(30),
    /** Identity, asked for a tenant's staff addresses when a service's job sends them a notice. */
    IDENTITY_ADDRESS: z.string().min(1).default('127.0.0.1:50051'),
    IDENTITY_DEADLINE_MS: positiveInt(3000),
    /** Subscribers turned into a newsletter's emails per step of its fan-out. */
    NEWSLETTER_FANOUT_BATCH: positiveInt(500),
  })
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'));

export type EngagementConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): EngagementConfig {
  return loadConfig(schema, env);
}
