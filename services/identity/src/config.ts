import {
  auditFields,
  kafkaFields,
  loadConfig,
  mongoFields,
  positiveInt,
  refusedInProduction,
  sealingFields,
  serviceFields,
} from '@travel/config';
import { z } from 'zod';
import { PASSWORD_COST, PASSWORD_RULE, passwordProblem } from './domain/passwords';

/** Outside production only: a known password for the demo and for tests. */
export const DEMO_ADMIN_PASSWORD = 'admin-demo-2026';

const fields = z.object({
  ...serviceFields({ grpcPort: 50051 }),
  ...mongoFields({ database: 'travel_identity' }),
  ...kafkaFields,
  /** The relay of identity's own audited changes to `audit.entries` (docs/decisions/audit.md). */
  ...auditFields,
  /** Keys sealing the token signing keys and travellers' document fields at rest (@travel/sealing). */
  ...sealingFields,
  /** Platform default rate limit applied to keys without their own, until an administrator changes it. */
  DEFAULT_RATE_LIMIT: positiveInt(100),
  DEFAULT_RATE_WINDOW_SECONDS: positiveInt(10),
  /** The first platform administrator, created at start while no platform administrator exists. */
  ADMIN_EMAIL: z.email().default('admin@partner-travel.local'),
  /** Required in production; elsewhere defaults to the demo password (which the demo start prints). */
  ADMIN_PASSWORD: z
    .string()
    .refine((password) => passwordProblem(password) === null, { message: PASSWORD_RULE })
    .optional(),
  /** Staff access tokens (JWT, EdDSA): lifetime, `iss` and `aud`. */
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(900),
  ACCESS_TOKEN_ISSUER: z.string().min(1).default('partner-travel-identity'),
  ACCESS_TOKEN_AUDIENCE: z.string().min(1).default('partner-travel-admin'),
  /** `aud` of storefront customer tokens (same key and lifetime): staff routes refuse them, and the reverse. */
  CUSTOMER_TOKEN_AUDIENCE: z.string().min(1).default('partner-travel-customer'),
  /**
   * A rotated signing key is published at once and signs this much later, so every gateway (which refetches
   * keys at most once a second) and every identity replica (which rereads them each second) knows it first.
   */
  SIGNING_KEY_ACTIVATION_SECONDS: positiveInt(10),
  /** A staff session (and so its rotating refresh tokens) lasts this long from sign-in. */
  REFRESH_TOKEN_TTL_SECONDS: positiveInt(30 * 24 * 60 * 60),
  /**
   * scrypt's N for new password hashes, as a power of two: 17 (OWASP's minimum) unless a test profile lowers
   * it; production refuses less than 17. Hashes with other parameters are redone at the next sign-in.
   */
  PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(Math.log2(PASSWORD_COST.N)),
  /** Password hashes computed at once (128 MiB each at N=2^17); more wait their turn. */
  PASSWORD_HASHES_AT_ONCE: positiveInt(2),
  /** Retention (docs/retention.md): an audit entry is kept this long (13 months: a yearly audit and its start). */
  AUDIT_LOG_RETENTION_DAYS: positiveInt(400),
  /** Usage: the gateway's raw batches of a UTC day are kept this many days after it, then rolled up and dropped. */
  USAGE_RAW_DAYS: positiveInt(3),
  /** Usage: a day's roll-up (calls per client, key and route) is kept this long after the day. */
  USAGE_ROLLUP_DAYS: positiveInt(400),
  /**
   * Retention (docs/retention.md): a partner call of the request log is kept this long (30 days: Stripe keeps
   * its request logs for weeks, and a month covers a partner's monthly reconciliation and a support case).
   */
  REQUEST_LOG_RETENTION_DAYS: positiveInt(30),
  /** Usage: how often each replica looks for days to roll up. */
  USAGE_ROLLUP_EVERY_MS: positiveInt(600_000),
  /** The `identity.changes` relay runs this often when no write nudges it (every write does). */
  OUTBOX_POLL_MS: positiveInt(1000),
  /** It also scans for notices nobody told it of (another replica's, a crash's) this often. */
  OUTBOX_RESCAN_MS: positiveInt(5000),
  /** A notice stored ahead of its write stays out of that scan this long: longer than any write takes. */
  OUTBOX_HOLD_MS: positiveInt(10_000),
});

const schema = fields
  .refine(...refusedInProduction('AUDIT_CRASH_AT', 'is a test hook'))
  .superRefine((config, context) => {
    if (config.NODE_ENV === 'production' && config.ADMIN_PASSWORD === undefined) {
      context.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'Required in production.' });
    }
    if (config.NODE_ENV === 'production' && config.PASSWORD_SCRYPT_LOG_N < 17) {
      const message = 'At least 17 in production (OWASP: N=2^17).';
      context.addIssue({ code: 'custom', path: ['PASSWORD_SCRYPT_LOG_N'], message });
    }
  })
  .transform(({ ADMIN_PASSWORD, ...config }) => ({
    ...config,
    ADMIN_PASSWORD: ADMIN_PASSWORD ?? DEMO_ADMIN_PASSWORD,
  }));

export type IdentityConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): IdentityConfig {
  return loadConfig(schema, env);
}
