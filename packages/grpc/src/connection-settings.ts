import type { ChannelOptions } from 'nice-grpc';

/** Keepalive pings on a connection, from either end (`grpcClientFields` of @travel/config). */
export interface KeepaliveSettings {
  /** A ping after this long without one. */
  keepaliveTimeMs: number;
  /** A ping unanswered this long drops the connection. */
  keepaliveTimeoutMs: number;
}

/** A server's connection lifetimes and keepalive (`grpcServerFields` of @travel/config). */
export interface ServerConnectionSettings extends KeepaliveSettings {
  /** A connection is told to go away after this long (grpc-js adds ±10 % jitter). */
  maxConnectionAgeMs: number;
  /** Calls may still finish this long on a connection told to go away (on age or at stop); then it closes. */
  maxConnectionAgeGraceMs: number;
  /** Calls of the services run at once; one more is refused at once (in-flight-limit.ts). Omitted: no bound. */
  maxInFlight?: number;
}

/** The `GRPC_*` settings of a process's config that its clients use. */
export interface GrpcClientConfig {
  GRPC_KEEPALIVE_TIME_MS: number;
  GRPC_KEEPALIVE_TIMEOUT_MS: number;
}

/** The `GRPC_*` settings of a service's config that its server uses. */
export interface GrpcServerConfig extends GrpcClientConfig {
  GRPC_MAX_CONNECTION_AGE_MS: number;
  GRPC_MAX_CONNECTION_AGE_GRACE_MS: number;
  GRPC_MAX_IN_FLIGHT: number;
}

export function keepaliveOf(config: GrpcClientConfig): KeepaliveSettings {
  return {
    keepaliveTimeMs: config.GRPC_KEEPALIVE_TIME_MS,
    keepaliveTimeoutMs: config.GRPC_KEEPALIVE_TIMEOUT_MS,
  };
}

export function serverConnectionsOf(config: GrpcServerConfig): ServerConnectionSettings {
  return {
    ...keepaliveOf(config),
    maxConnectionAgeMs: config.GRPC_MAX_CONNECTION_AGE_MS,
    maxConnectionAgeGraceMs: config.GRPC_MAX_CONNECTION_AGE_GRACE_MS,
    maxInFlight: config.GRPC_MAX_IN_FLIGHT,
  };
}

/**
 * Every channel balances calls over all the addresses its target resolves to (`round_robin`; grpc-js would
 * otherwise pin every call to the first), and takes its service config from here only (no DNS TXT lookup).
 */
const ROUND_ROBIN_SERVICE_CONFIG = JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] });

/** Pauses between attempts to reconnect to an address that refused, doubling-ish (×1.6) from initial to max. */
export const RECONNECT_BACKOFF_MS = { initial: 250, max: 500 };

/** A client channel's options; without keepalive settings it sends no pings (grpc-js's default). */
export function channelOptionsOf(keepalive?: KeepaliveSettings): ChannelOptions {
  return {
    'grpc.service_config': ROUND_ROBIN_SERVICE_CONFIG,
    'grpc.service_config_disable_resolution': 1,
    // A replica that comes back on the same address (a restarted local replica; a container restarted in its pod)
    // is reconnected within half a second: grpc-js's default backoff grows to 2 minutes, and a roll that then
    // stops the other replica left the client with none (the rollout test's 503s). Half a second, not one, so a
    // call to a peer that is down is answered 503 within a second (retry-unprocessed.ts; docs/decisions/health.md).
    'grpc.initial_reconnect_backoff_ms': RECONNECT_BACKOFF_MS.initial,
    'grpc.max_reconnect_backoff_ms': RECONNECT_BACKOFF_MS.max,
    ...(keepalive && {
      'grpc.keepalive_time_ms': keepalive.keepaliveTimeMs,
      'grpc.keepalive_timeout_ms': keepalive.keepaliveTimeoutMs,
      // Idle connections are checked too, so a dead replica is not kept as READY between calls.
      'grpc.keepalive_permit_without_calls': 1,
    }),
  };
}

/**
 * A server's options; without settings, grpc-js's defaults (connections live forever, no pings). grpc-js servers
 * enforce no ping policy (no `grpc.http2.min_ping_interval_without_data_ms`), so client pings at any rate pass.
 */
export function serverOptionsOf(settings?: ServerConnectionSettings): ChannelOptions {
  if (!settings) return {};
  return {
    'grpc.max_connection_age_ms': settings.maxConnectionAgeMs,
    'grpc.max_connection_age_grace_ms': settings.maxConnectionAgeGraceMs,
    'grpc.keepalive_time_ms': settings.keepaliveTimeMs,
    'grpc.keepalive_timeout_ms': settings.keepaliveTimeoutMs,
  };
}
