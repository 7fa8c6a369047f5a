import { z } from 'zod';
import { csv, flag, logLevel, nodeEnv, pemFile, port, positiveInt } from './fields';
import { sealingKeyList } from './sealing-settings';

/** Every service process: where its gRPC server listens, where its metrics are scraped, how it logs. */
export function serviceFields(defaults: { grpcPort: number }) {
  return {
    NODE_ENV: nodeEnv(),
    LOG_LEVEL: logLevel(),
    GRPC_HOST: z.string().default('127.0.0.1'),
    GRPC_PORT: port(defaults.grpcPort),
    // Service n (gRPC 50051 + n) is scraped on 9451 + n; the gateway takes 9450 (docs/decisions/observability.md, "Metrics").
    ...metricsFields({ metricsPort: defaults.grpcPort - SERVICE_METRICS_OFFSET }),
    ...tracingFields,
    ...grpcServerFields,
    ...grpcTlsFields,
    /**
     * A plaintext port answering grpc.health.v1 alone, for probes that cannot present a certificate (the
     * kubelet's gRPC probes); unset: none (docs/caller-trust.md, "Probes").
     */
    GRPC_PROBE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  };
}

/**
 * Every process that serves or calls gRPC (the services, the gateway): the folder of its own certificate, which
 * proves to its peers which process it is (docs/caller-trust.md). Required, in every profile: `npm start` and the
 * tests make one per process, the chart issues or mounts them.
 */
export const grpcTlsFields = {
  /** `ca.crt` (the platform's CA), `tls.crt` and `tls.key` (this process's certificate and key). */
  GRPC_TLS_DIR: z
    .string({ error: "required: the folder of this process's certificate (ca.crt, tls.crt, tls.key)" })
    .min(1, "required: the folder of this process's certificate (ca.crt, tls.crt, tls.key)"),
};

/** gRPC port minus this is a service's default metrics port: 50051 → 9451, ..., 50062 → 9462. */
const SERVICE_METRICS_OFFSET = 50051 - 9451;

/**
 * Every process's Prometheus listener (`GET /metrics`), apart from its public or gRPC listener. Bound to
 * loopback unless told otherwise (the chart sets `0.0.0.0` so the cluster's Prometheus reaches the pod).
 */
export function metricsFields(defaults: { metricsPort: number }) {
  return {
    METRICS_HOST: z.string().default('127.0.0.1'),
    METRICS_PORT: port(defaults.metricsPort),
    /** `false`: no listener and no per-request instrumentation (to measure what metrics cost). */
    METRICS_ENABLED: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
  };
}

/**
 * Every process (the services through `serviceFields`, the gateway itself): where its trace spans go.
 * The OpenTelemetry names, so a collector's usual settings apply; the SDK itself reads the other `OTEL_*`
 * variables (`OTEL_TRACES_SAMPLER`, `OTEL_BSP_*`, `OTEL_EXPORTER_OTLP_HEADERS`).
 */
export const tracingFields = {
  /** OTLP/HTTP base address, e.g. `http://otel-collector:4318`; empty (the default): tracing is off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .default('')
    .refine((value) => value === '' || /^https?:\/\/[^/]/.test(value), 'must be an http(s) URL or empty'),
  /** `service.name` of the spans; empty: the process's own name (`booking`, `gateway`). */
  OTEL_SERVICE_NAME: z.string().default(''),
};

/** Processes that own a database: the server and the database's name (one per service). */
export function mongoFields(defaults: { database: string }) {
  return {
    MONGO_URL: z.string().url().default('mongodb://127.0.0.1:27017'),
    MONGO_DATABASE: z.string().min(1).default(defaults.database),
    /** Connections to the store per process; more waiting callers fail within MONGO_TIMEOUT_MS. */
    MONGO_MAX_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
    /**
     * The longest a store operation waits for a server (the store down, a replica set electing) before it fails.
     * Sized in docs/decisions/data.md, "Store timeouts sized for real queries".
     */
    MONGO_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(600),
    /** The longest any other step of a store operation may take: a pooled connection, connecting, the answer. */
    MONGO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
    // TLS and credentials (docs/deploy.md, "Managed services"); connection-rules.ts checks how they combine.
    /** CA that signed the server's certificate (PEM); turns TLS on. Empty: the system's CAs, if the URL asks for TLS. */
    MONGO_TLS_CA_FILE: pemFile(),
    /** Client certificate and its key in one PEM (MongoDB's tlsCertificateKeyFile), for servers that require one. */
    MONGO_TLS_CERT_KEY_FILE: pemFile(),
    /** Credentials beside the URL (so the URL holds no secret); empty: those in MONGO_URL, if any. */
    MONGO_USERNAME: z.string().default(''),
    MONGO_PASSWORD: z.string().default(''),
  };
}

/**
 * A service's index migration (`commands/migrate.ts`): its database settings alone, so the chart's hook Job holds
 * the store's credentials and nothing else of the service.
 */
export function migrationFields(defaults: { database: string }) {
  return {
    NODE_ENV: nodeEnv(),
    LOG_LEVEL: logLevel(),
    ...mongoFields(defaults),
  };
}

/** Processes that publish or consume events. */
export const kafkaFields = {
  KAFKA_BROKERS: csv('127.0.0.1:9092'),
  KAFKA_TOPIC_PARTITIONS: positiveInt(3),
  KAFKA_REPLICATION_FACTOR: positiveInt(1),
  /** Prefix of every topic and consumer group, so copies of the platform can share a broker (`e2e.`). */
  KAFKA_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9._-]*$/)
    .default(''),
  /**
   * A consumer's retry budget (docs/decisions/events.md, "Retry budget"): a failing event is run at most this many
   * times, waiting from the first delay, doubling, up to the maximum; then it is parked. Defaults: 8 runs over
   * about 10 minutes. Test stacks use a short budget.
   */
  KAFKA_RETRY_ATTEMPTS: positiveInt(8),
  KAFKA_RETRY_FIRST_DELAY_MS: positiveInt(5000),
  KAFKA_RETRY_MAX_DELAY_MS: positiveInt(300_000),
  /**
   * Retention (docs/retention.md): a handled event's id is kept this long, longer than Kafka can deliver the
   * event again (topic retention plus a segment's age, 14 days at the broker defaults).
   */
  KAFKA_PROCESSED_IDS_DAYS: positiveInt(30),
  /** Retention: a parked event replayed or discarded is kept this long after, then deleted (unresolved: kept). */
  KAFKA_PARKED_RESOLVED_DAYS: positiveInt(30),
  // TLS and SASL (docs/deploy.md, "Managed services"); connection-rules.ts checks how they combine.
  /** `true`: TLS to every broker (an SSL or SASL_SSL listener). */
  KAFKA_SSL: flag('false'),
  /** CA that signed the brokers' certificates (PEM). Empty: the system's CAs. */
  KAFKA_SSL_CA_FILE: pemFile(),
  /** Client certificate and key (PEM) for a listener that requires them (mutual TLS). */
  KAFKA_SSL_CERT_FILE: pemFile(),
  KAFKA_SSL_KEY_FILE: pemFile(),
  /** SASL mechanism; empty: no SASL. */
  KAFKA_SASL_MECHANISM: z.enum(['', 'plain', 'scram-sha-256', 'scram-sha-512']).default(''),
  KAFKA_SASL_USERNAME: z.string().default(''),
  KAFKA_SASL_PASSWORD: z.string().default(''),
};

/**
 * Processes that seal secrets and personal data at rest (@travel/sealing; docs/deploy.md, "Sealing keys").
 * Read and combined by sealing-settings.ts: production requires the keys.
 */
export const sealingFields = {
  /** `kid:<base64 32 bytes>,...`: every key a stored value may be sealed with (old ones stay until re-sealed). */
  SEALING_KEYS: sealingKeyList(),
  /** The kid new values are sealed with; may stay empty while SEALING_KEYS holds one key. */
  SEALING_ACTIVE_KEY: z.string().default(''),
};

/** Processes that use Redis (the gateway's rate limits). */
export const redisFields = {
  /** `redis://` or `rediss://` (TLS); may carry `user:password@`, or give them below. */
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** CA that signed the server's certificate (PEM), for a `rediss://` URL. Empty: the system's CAs. */
  REDIS_TLS_CA_FILE: pemFile(),
  /** Client certificate and key (PEM) for a server that requires them (`tls-auth-clients yes`). */
  REDIS_TLS_CERT_FILE: pemFile(),
  REDIS_TLS_KEY_FILE: pemFile(),
  /** ACL user and password beside the URL; a password alone is the `default` user's. */
  REDIS_USERNAME: z.string().default(''),
  REDIS_PASSWORD: z.string().default(''),
};

/** A duration in milliseconds, at least `min`. */
const milliseconds = (defaultValue: number, min: number) =>
  z.coerce.number().int().min(min).default(defaultValue);

/**
 * Every process that calls a gRPC service (the gateway; services through `serviceFields`): keepalive pings on
 * each connection, so one to a pod that vanished without closing it is found and dropped (docs/decisions/deployment.md,
 * "gRPC balancing"). A server pings its clients by the same settings.
 */
export const grpcClientFields = {
  /** A ping after this long without one; our servers (grpc-js) accept pings at any rate. */
  GRPC_KEEPALIVE_TIME_MS: milliseconds(10_000, 1000),
  /** A ping not answered within this drops the connection. */
  GRPC_KEEPALIVE_TIMEOUT_MS: milliseconds(5000, 100),
};

/**
 * Every gRPC server (services through `serviceFields`): connections end after a maximum age, so that clients
 * resolve the service's addresses again and spread calls over replicas that came since; and how long a
 * server drains on SIGTERM.
 */
export const grpcServerFields = {
  ...grpcClientFields,
  /** A connection is told to go away (GOAWAY) after this long, ±10 %; the client reconnects and re-resolves. */
  GRPC_MAX_CONNECTION_AGE_MS: milliseconds(30_000, 1000),
  /**
   * How long calls may still finish on a connection told to go away, on age or on SIGTERM; then it is closed.
   * At least the longest call deadline (the gateway's REQUEST_BUDGET_MS, 5000).
   */
  GRPC_MAX_CONNECTION_AGE_GRACE_MS: milliseconds(5000, 0),
  /**
   * Calls the process's services run at once; one more is refused at once with RESOURCE_EXHAUSTED (the
   * gateway's `503` with `Retry-After`), never queued (docs/decisions/deadlines-and-load.md, "Calls in flight").
   */
  GRPC_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(64),
  /**
   * `true`: the server answers gRPC reflection (what `grpcurl list` and `describe` ask; docs/exploring-services.md).
   * Unset: on unless NODE_ENV=production (`reflectionOf` of @travel/grpc; docs/decisions/grpc-reflection.md).
   */
  GRPC_REFLECTION: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
};
