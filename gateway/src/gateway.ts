import { createEventPublisher, createKafka } from '@travel/events';
import { type Component, crashHook, DEFAULT_SHUTDOWN_DEADLINE_MS } from '@travel/lifecycle';
import type { Logger } from '@travel/logger';
import { createAccessDirectory } from './access/access-directory';
import { createCustomerTokenVerifier } from './access/customer-tokens';
import { createIdentityChangesListener } from './access/identity-changes.listener';
import { createKeyFailures } from './access/key-failures';
import { countRefusals } from './access/rate-limit-metrics';
import { createRateLimits } from './access/rate-limits';
import { createStaffTokenVerifier } from './access/staff-tokens';
import { createTenantViewAudit } from './access/tenant-view-audit';
import { createApp } from './app';
import { createRedis, redisConnectionOf } from './clients/redis';
import { createServiceClients, type ServiceClients } from './clients/service-clients';
import type { GatewayConfig } from './config';
import { createHealthSnapshot } from './health/health-snapshot';
import { checkPlatformHealth } from './health/platform-health';
import { createDrain } from './http/drain';
import { loadOpenApiDocuments } from './openapi/documents';
import { createHttpServer } from './server';
import { API_REQUEST_LOGS_TOPIC, createRequestLogRecorder } from './usage/request-log-recorder';
import { API_USAGE_TOPIC, createUsageRecorder } from './usage/usage-recorder';

/**
 * Wires the gateway by hand. Started in order, stopped in reverse: HTTP stops first (drains for the shutdown
 * delay, then takes no new calls), then usage and the request log are flushed, then the cache listener and Redis go.
 */
export function createGateway(
  config: GatewayConfig,
  logger: Logger,
  /** Tests wrap the real clients to see which calls reach a service. */
  wrapClients: (clients: ServiceClients) => ServiceClients = (clients) => clients,
) {
  const now = () => new Date();
  const drain = createDrain();
  const redis = createRedis(redisConnectionOf(config), logger, config.REDIS_WAIT_MS);
  const clients = wrapClients(createServiceClients(config));
  const kafka = createKafka(config.KAFKA_BROKERS, 'gateway', logger, config.KAFKA_NAMESPACE, config);
  const topicOptions = {
    partitions: config.KAFKA_TOPIC_PARTITIONS,
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  };
  const directory = createAccessDirectory({
    apiAccess: clients.apiAccess,
    staff: clients.staff,
    customers: clients.customers,
    platformSettings: clients.platformSettings,
    freshMs: config.ACCESS_CACHE_TTL_MS,
    graceMs: config.ACCESS_CACHE_OUTAGE_GRACE_MS,
    lookupDeadlineMs: config.ACCESS_LOOKUP_DEADLINE_MS,
  });
  const changes = createIdentityChangesListener({ kafka, topicOptions, directory, logger });
  const publisher = createEventPublisher({
    kafka,
    topics: [API_USAGE_TOPIC, API_REQUEST_LOGS_TOPIC],
    topicOptions,
    logger,
  });
  const usage = createUsageRecorder({
    publisher,
    flushIntervalMs: config.USAGE_FLUSH_MS,
    logger,
  });
  const requestLog = config.REQUEST_LOG_ENABLED
    ? createRequestLogRecorder({
        publisher,
        flushIntervalMs: config.REQUEST_LOG_FLUSH_MS,
        maxBuffered: config.REQUEST_LOG_MAX_BUFFERED,
        logger,
      })
    : undefined;
  const health = createHealthSnapshot({
    check: () => checkPlatformHealth(clients, redis.ping, now),
    everyMs: config.HEALTH_REFRESH_MS,
    logger,
  });
  const app = createApp({
    logger,
    clients,
    health,
    isDraining: drain.isDraining,
    documents: loadOpenApiDocuments(),
    now,
    directory,
    rateLimits: countRefusals(
      createRateLimits(redis.client, {
        prefix: config.RATE_LIMIT_PREFIX,
        redisWaitMs: config.REDIS_WAIT_MS,
        sharePercent: config.RATE_LIMIT_SHARE_PERCENT,
      }),
    ),
    keyFailures: createKeyFailures(redis.client, {
      limit: config.KEY_FAILURES_PER_ADDRESS,
      windowSeconds: config.KEY_FAILURE_WINDOW_SECONDS,
      prefix: config.RATE_LIMIT_PREFIX,
      redisWaitMs: config.REDIS_WAIT_MS,
    }),
    staffTokens: createStaffTokenVerifier(clients.staff, now, config.ACCESS_LOOKUP_DEADLINE_MS),
    customerTokens: createCustomerTokenVerifier(clients.customers, now, config.ACCESS_LOOKUP_DEADLINE_MS),
    tenantViews: createTenantViewAudit({
      clients,
      windowMs: config.TENANT_VIEW_AUDIT_WINDOW_SECONDS * 1000,
      // About 1 MB of member and tenant pairs: beyond it a view is recorded again, never one skipped.
      maxRemembered: 10_000,
      now: Date.now,
    }),
    usage,
    requestLog,
    trustedProxies: config.TRUSTED_PROXIES,
    signInAttemptsPerMinute: config.SIGN_IN_ATTEMPTS_PER_MINUTE,
    customerSignInPerAddressPerMinute: config.CUSTOMER_SIGN_IN_PER_ADDRESS_PER_MINUTE,
    storefrontSearchesPerMinute: config.STOREFRONT_SEARCHES_PER_MINUTE,
    publicIntakePerMinute: config.PUBLIC_INTAKE_PER_MINUTE,
    hstsMaxAgeSeconds: config.PUBLIC_TLS ? config.HSTS_MAX_AGE_SECONDS : null,
    corsAllowedOrigins: config.CORS_ALLOWED_ORIGINS,
    requestBudgetMs: config.REQUEST_BUDGET_MS,
    consoleUrl: config.CONSOLE_URL || undefined,
  });
  // The crash test's hook (routes/idempotency.ts); a no-op unless GATEWAY_CRASH_AT names a point.
  app.locals.crash = crashHook(config.GATEWAY_CRASH_AT);
  const http = createHttpServer(app, {
    host: config.HTTP_HOST,
    port: config.HTTP_PORT,
    logger,
    drain,
    shutdownDelayMs: config.SHUTDOWN_DELAY_MS,
  });
  const components: Component[] = [
    redis,
    changes,
    publisher,
    usage,
    ...(requestLog ? [requestLog] : []),
    health,
    http,
  ];
  // The drain comes before the usual deadline for in-flight work, not out of it.
  const shutdownDeadlineMs = DEFAULT_SHUTDOWN_DEADLINE_MS + config.SHUTDOWN_DELAY_MS;
  return { components, http, app, directory, shutdownDeadlineMs };
}
