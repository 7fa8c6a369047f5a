import {
  auditFields,
  csv,
  kafkaFields,
  loadConfig,
  mongoFields,
  positiveInt,
  refusedInProduction,
  sealingFields,
  serviceFields,
} from '@travel/config';
import { z } from 'zod';

/** `90s`, `5m`, `2h`, `5d`, `1500ms` or bare milliseconds. */
const DURATION = /^(\d+)(ms|s|m|h|d)?$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

const durations = (defaultValue: string) =>
  csv(defaultValue)
    .refine((items) => items.length > 0 && items.every((item) => DURATION.test(item)), {
      message: 'A comma-separated list of durations such as 1m,5m,30m,2h,12h,5d.',
    })
    .transform((items) =>
      items.map((item) => {
        const [, amount, unit] = DURATION.exec(item) as RegExpExecArray;
        return Number(amount) * UNIT_MS[(unit ?? 'ms') as keyof typeof UNIT_MS];
      }),
    );

const schema = z
  .object({
    ...serviceFields({ grpcPort: 50056 }),
    ...mongoFields({ database: 'travel_webhook' }),
    ...kafkaFields,
    /** Operators' replays and discards of parked events go to identity's log (`audit.entries`). */
    ...auditFields,
    /** Keys sealing endpoint signing secrets at rest (@travel/sealing); required in production. */
    ...sealingFields,
    /** Pause before each retry after a failed attempt (docs/webhooks.md); after the last one, `failed`. */
    WEBHOOK_RETRY_DELAYS: durations('1m,5m,30m,2h,12h'),
    /** An attempt not answered with a 2xx within this time failed (5 seconds, gateway/openapi/partner.yaml). */
    WEBHOOK_TIMEOUT_MS: positiveInt(5000),
    /** How long a claimed attempt is its replica's; after it, another replica takes over a crashed one. */
    WEBHOOK_LEASE_MS: positiveInt(30_000),
    /** How often the dispatcher looks for due attempts (it also runs at once when an event arrives). */
    WEBHOOK_POLL_MS: positiveInt(1000),
    /** Attempts in flight at once per replica: a slow receiver must not hold up the others. */
    WEBHOOK_CONCURRENCY: positiveInt(32),
    /** Attempts in flight at once per replica to one endpoint: one slow endpoint holds at most this many places. */
    WEBHOOK_ENDPOINT_CONCURRENCY: positiveInt(4),
    /** An endpoint's circuit breaker opens after this many failed attempts in a row (timeouts included)... */
    WEBHOOK_BREAKER_FAILURES: positiveInt(5),
    /** ...or after this many attempts in a row without an answer within WEBHOOK_TIMEOUT_MS. */
    WEBHOOK_BREAKER_TIMEOUTS: positiveInt(3),
    /** How long an opened breaker holds the endpoint's deliveries before one probes it; doubled after each failed probe... */
    WEBHOOK_BREAKER_OPEN_MS: positiveInt(30_000),
    /** ...up to this long. */
    WEBHOOK_BREAKER_MAX_OPEN_MS: positiveInt(600_000),
    /** Partitions of booking.events and billing.events whose events are taken in at once (each in order). */
    WEBHOOK_INTAKE_PARTITIONS: positiveInt(6),
    /** A cached endpoint list is loaded again after this long even if no change was counted (a backstop). */
    WEBHOOK_ENDPOINT_CACHE_MS: positiveInt(60_000),
    /** The most endpoints a client may register (gateway/openapi/partner.yaml, `POST /webhooks`). */
    WEBHOOK_ENDPOINTS_PER_CLIENT: positiveInt(10),
    /** How long an event stays in the events feed (`GET /api/v1/events`), from its recording. */
    WEBHOOK_EVENT_FEED_DAYS: positiveInt(30),
    /** Retention (docs/retention.md): a delivery and its attempts are kept this long after it finished. */
    WEBHOOK_DELIVERY_RETENTION_DAYS: positiveInt(30),
    /** An endpoint whose every delivery failed for this long is disabled and its tenant's staff told (one duration). */
    WEBHOOK_AUTO_DISABLE_AFTER: durations('5d')
      .refine((items) => items.length === 1, { message: 'One duration, such as 5d or 120h.' })
      .transform((items) => items[0] as number),
    /** How often each replica looks for endpoints to disable, and for notices still to hand to engagement. */
    WEBHOOK_AUTO_DISABLE_CHECK_MS: positiveInt(600_000),
    /** Engagement, which emails an auto-disabled endpoint's tenant staff (its outbox, over SMTP). */
    ENGAGEMENT_ADDRESS: z.string().min(1).default('127.0.0.1:50061'),
    ENGAGEMENT_DEADLINE_MS: positiveInt(5000),
    /** Identity says which tenant a client belongs to before a tenant's staff manage its endpoints (the console). */
    IDENTITY_ADDRESS: z.string().min(1).default('127.0.0.1:50051'),
    IDENTITY_DEADLINE_MS: positiveInt(2000),
  })
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'));

export type WebhookConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): WebhookConfig {
  return loadConfig(schema, env);
}
