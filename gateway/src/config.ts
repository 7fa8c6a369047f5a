import { type CidrRange, invalidAllowListEntries, parseAllowListEntry } from '@travel/api-keys';
import {
  crashPoint,
  csv,
  flag,
  grpcClientFields,
  grpcTlsFields,
  kafkaFields,
  loadConfig,
  logLevel,
  metricsFields,
  nodeEnv,
  port,
  positiveInt,
  redisFields,
  refusedInProduction,
  tracingFields,
} from '@travel/config';
import { z } from 'zod';
import { DEFAULT_REQUEST_BUDGET_MS } from './middleware/request-budget';

/** Where the gateway's crash test kills it: the service did the work, its answer is not sent yet. */
export const GATEWAY_CRASH_POINTS = ['after-idempotent-call'] as const;

const address = (defaultPort: number) => z.string().default(`127.0.0.1:${defaultPort}`);

const schema = z.object({
  NODE_ENV: nodeEnv(),
  LOG_LEVEL: logLevel(),
  HTTP_HOST: z.string().default('127.0.0.1'),
  HTTP_PORT: port(8080),
  /**
   * After SIGTERM, how long the listener keeps serving with readiness already failing, so load balancers take
   * the replica out before it stops accepting (what a preStop sleep would do); 0: close at once.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Prometheus scrapes `GET /metrics` here, never on the public listener (docs/decisions/observability.md, "Metrics"). */
  ...metricsFields({ metricsPort: 9450 }),
  /** REDIS_URL, and TLS and credentials beside it (docs/deploy.md, "Managed services"). */
  ...redisFields,
  /**
   * How long a rate-limit count is awaited from Redis before the gateway's in-memory window decides (a
   * reachable but stalled Redis must not hold partner calls); readiness waits as long for PING.
   */
  REDIS_WAIT_MS: positiveInt(250),
  /**
   * How long a request may take, every service call in it included: each carries what is left as its deadline
   * (docs/decisions/deadlines-and-load.md, "One budget per request"). A route may have a longer one of its own.
   */
  REQUEST_BUDGET_MS: positiveInt(DEFAULT_REQUEST_BUDGET_MS),
  /** Deadline of a service call made outside any request's budget (the audit entry after a console change). */
  GRPC_DEADLINE_MS: positiveInt(5000),
  /** Deadline of one health probe; a dead service must not stall the report. */
  HEALTH_DEADLINE_MS: positiveInt(1000),
  /** Pause between two background reports of the platform's health (`/api/health` answers the last one). */
  HEALTH_REFRESH_MS: positiveInt(5000),
  ...grpcClientFields,
  /** GRPC_TLS_DIR: the gateway's certificate, for every call to a service (docs/caller-trust.md). */
  ...grpcTlsFields,
  /**
   * The certificate the public payment-provider webhook route calls with: a peer of its own
   * (`payment-webhooks`), which billing and booking allow to submit provider events and nothing else.
   */
  PAYMENT_WEBHOOKS_TLS_DIR: z
    .string({ error: "required: the folder of the provider webhook route's certificate" })
    .min(1, "required: the folder of the provider webhook route's certificate"),
  /**
   * Each service's address: any grpc-js target, calls spread round-robin over what it names: `host:port`,
   * `dns:///name:port` (a headless Service's pods), `ipv4:127.0.0.2:50051,127.0.0.3:50051` (local replicas).
   */
  IDENTITY_ADDRESS: address(50051),
  SEARCH_ADDRESS: address(50052),
  PRICING_ADDRESS: address(50053),
  BOOKING_ADDRESS: address(50054),
  BILLING_ADDRESS: address(50055),
  WEBHOOK_ADDRESS: address(50056),
  PROMOTIONS_ADDRESS: address(50057),
  CORPORATE_ADDRESS: address(50058),
  CONTENT_ADDRESS: address(50059),
  REPORTS_ADDRESS: address(50060),
  ENGAGEMENT_ADDRESS: address(50061),
  SUPPLY_ADDRESS: address(50062),
  ...kafkaFields,
  ...tracingFields,
  /** Proxies whose X-Forwarded-For we believe (addresses or CIDRs); empty: the TCP peer is the client. */
  TRUSTED_PROXIES: csv('')
    .refine((entries) => invalidAllowListEntries(entries).length === 0, 'must be IP addresses or CIDRs')
    .transform((entries) => entries.map((entry) => parseAllowListEntry(entry) as CidrRange)),
  /** Backstop lifetime of cached keys, switches and sessions; identity.changes evicts a changed one sooner. */
  ACCESS_CACHE_TTL_MS: positiveInt(60_000),
  /**
   * How long past ACCESS_CACHE_TTL_MS a cached key, session or setting still answers while identity cannot be asked
   * (docs/decisions/identity-and-access.md, "Cached access while identity is down"); 0: never (unknown and expired
   * entries alike answer 503).
   */
  ACCESS_CACHE_OUTAGE_GRACE_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),
  /** How long one access lookup (key, session, settings) waits for identity before it counts as unreachable. */
  ACCESS_LOOKUP_DEADLINE_MS: positiveInt(2000),
  /** Prefix of the rate-limit keys in Redis, so copies of the platform can share one Redis. */
  RATE_LIMIT_PREFIX: z.string().min(1).default('rl'),
  /**
   * The share of a key's window a replica reserves from Redis at a time, in percent of the limit (at least
   * one call). A very small value (0.001) counts every call in Redis, whatever the limit.
   */
  RATE_LIMIT_SHARE_PERCENT: z.coerce.number().gt(0).max(100).default(1),
  /** Staff sign-in attempts allowed per client address and email per minute. */
  SIGN_IN_ATTEMPTS_PER_MINUTE: positiveInt(10),
  /** Customer sign-in and registration attempts per client address per minute (per email: the line above). */
  CUSTOMER_SIGN_IN_PER_ADDRESS_PER_MINUTE: positiveInt(30),
  /** Storefront searches (`POST /api/search/*`) per client address per minute. */
  STOREFRONT_SEARCHES_PER_MINUTE: positiveInt(60),
  /** Public intake (`POST /api/newsletter/subscribe`, `/api/demo-requests`) per client address per minute. */
  PUBLIC_INTAKE_PER_MINUTE: positiveInt(10),
  /** How often buffered usage is sent to Kafka. */
  USAGE_FLUSH_MS: positiveInt(1000),
  /**
   * The request log (docs/access.md, "Request log"): every partner call recorded one by one for the tenant's
   * console. `false` records none (the bench measures `/me` with it on and off).
   */
  REQUEST_LOG_ENABLED: flag('true'),
  /** How often the calls waiting for the request log are sent to Kafka. */
  REQUEST_LOG_FLUSH_MS: positiveInt(1000),
  /** Most calls waiting for Kafka; past them the oldest are dropped (`gateway_request_log_dropped_total`). */
  REQUEST_LOG_MAX_BUFFERED: positiveInt(50_000),
  /**
   * A platform member's reads of one tenant's records are audited as one `tenant.viewed` per member, tenant and
   * window of this many seconds, per gateway replica (docs/access.md, "Platform staff's views of a tenant").
   */
  TENANT_VIEW_AUDIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * Failed API-key authentications (a malformed, unknown, revoked or expired key) allowed per client address
   * per window; past them the address is `429` before its key is looked up (docs/access.md).
   */
  KEY_FAILURES_PER_ADDRESS: positiveInt(20),
  KEY_FAILURE_WINDOW_SECONDS: positiveInt(300),
  /** True when clients reach the platform over HTTPS (at the gateway or a proxy in front): HSTS is sent. */
  PUBLIC_TLS: flag('false'),
  /** HSTS max-age when PUBLIC_TLS is true (a year by default). */
  HSTS_MAX_AGE_SECONDS: positiveInt(31_536_000),
  /** Origins (`https://shop.example.com`) whose pages may call the internal API from a browser; empty: none. */
  CORS_ALLOWED_ORIGINS: csv('').refine(
    (origins) => origins.every(isOrigin),
    'must be origins like https://shop.example.com (scheme, host and port only; no "*")',
  ),
  /**
   * The partner console's web server (its own process): the gateway answers `/console/*` from it, so the console
   * shares the APIs' origin (docs/console.md). Empty: no console (`/console` is 404).
   */
  CONSOLE_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default('http://127.0.0.1:8090'),
  /**
   * Test-only fault hook: the gateway kills itself (SIGKILL) after a service answered an idempotent change
   * and before the answer is sent (routes/idempotency.ts), so a test proves the retry does the work once.
   */
  GATEWAY_CRASH_AT: crashPoint(GATEWAY_CRASH_POINTS),
});

/** The test hook is refused in production. */
const checked = schema.refine(...refusedInProduction('GATEWAY_CRASH_AT', 'is a test hook'));

/** `scheme://host[:port]` exactly as a browser sends it in `Origin`. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

export type GatewayConfig = z.output<typeof schema>;

export function readConfig(env: Record<string, string | undefined>): GatewayConfig {
  return loadConfig(checked, env);
}
