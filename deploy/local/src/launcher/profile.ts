import { SERVICE_PEERS } from '@travel/grpc';
/**
 * Where one copy of the platform listens. `dev` is what the README starts; `e2e` runs beside it for tests;
 * `images` is the platform run from its container images (test/images); `rollout` is the rolling-restart test's
 * own stack (several replicas of everything).
 */
export interface StackProfile {
  name: 'dev' | 'e2e' | 'images' | 'rollout';
  httpPort: number;
  /** identity gets this port, then search, pricing, booking, billing, webhook in order. */
  grpcPortBase: number;
  /** The gateway's metrics port (`GET /metrics`); service n of SERVICES takes this + 1 + n. */
  metricsPortBase: number;
  /** Each service's database is `<prefix><service>`, so the two profiles never share data. */
  databasePrefix: string;
  /** Prefix of Kafka topics and groups, so the two profiles never hear each other's events. */
  kafkaNamespace: string;
  /** Prefix of Redis keys (rate-limit windows), for the same reason. */
  redisPrefix: string;
  /**
   * Every `<prefix>*` database is dropped, and every `<kafkaNamespace>*` topic and consumer group deleted, before
   * the processes start: a test stack begins empty, as on a fresh clone in CI, whichever checkout of this machine
   * launched it last (each checkout seals with its own key), and no event of an earlier run names a record of this
   * one (ids restart with the databases).
   */
  freshDatabases: boolean;
  /**
   * Replica k listens on 127.0.0.(firstLoopback + k - 1): 1 in `dev` and `e2e` (replica 1 on 127.0.0.1). The
   * `rollout` stack starts at 2, since its ports lie in the kernel's ephemeral range and every outgoing loopback
   * connection takes its source port on 127.0.0.1: a restarted replica there could find its port taken.
   */
  firstLoopback: number;
}

export const PROFILES: Record<StackProfile['name'], StackProfile> = {
  dev: {
    name: 'dev',
    httpPort: 8080,
    grpcPortBase: 50051,
    metricsPortBase: 9450,
    databasePrefix: 'travel_',
    kafkaNamespace: '',
    redisPrefix: 'rl',
    freshDatabases: false,
    firstLoopback: 1,
  },
  e2e: {
    name: 'e2e',
    httpPort: 18080,
    grpcPortBase: 15051,
    metricsPortBase: 19450,
    databasePrefix: 'e2e_',
    kafkaNamespace: 'e2e.',
    redisPrefix: 'e2e:rl',
    freshDatabases: true,
    firstLoopback: 1,
  },
  rollout: {
    name: 'rollout',
    httpPort: 38080,
    grpcPortBase: 35051,
    metricsPortBase: 39450,
    databasePrefix: 'rollout_',
    kafkaNamespace: 'rollout.',
    redisPrefix: 'rollout:rl',
    freshDatabases: true,
    firstLoopback: 2,
  },
  images: {
    name: 'images',
    httpPort: 29080,
    grpcPortBase: 29051,
    metricsPortBase: 29450,
    databasePrefix: 'images_',
    kafkaNamespace: 'images.',
    redisPrefix: 'images:rl',
    freshDatabases: true,
    firstLoopback: 1,
  },
};

/** The profiles that tests launch: short retry schedules, generous sign-in and search limits. */
export const isTestProfile = (profile: StackProfile) => profile.name !== 'dev';

/** The twelve services, in launch order: the platform's peers, as the certificates and allowed-peers table name them. */
export const SERVICES = SERVICE_PEERS;
export type ServiceName = (typeof SERVICES)[number];
export type ProcessName = ServiceName | 'gateway' | 'console';

/** The most replicas of one process the launcher runs (each takes a loopback address of its own). */
export const MAX_REPLICAS = 16;

/**
 * Replica k (1-based) of every process listens on 127.0.0.k, on the process's own ports: replica 1 is
 * 127.0.0.1, so a one-replica stack is the stack as it always was (docs/decisions/deployment.md, "Replicas locally"). The
 * `rollout` profile shifts them by one (`firstLoopback`).
 */
export function replicaHost(profile: StackProfile, replica = 1): string {
  if (!Number.isInteger(replica) || replica < 1 || replica > MAX_REPLICAS)
    throw new Error(`replica must be 1 to ${MAX_REPLICAS}, not ${replica}`);
  return `127.0.0.${profile.firstLoopback + replica - 1}`;
}

export function grpcPort(profile: StackProfile, service: ServiceName): number {
  return profile.grpcPortBase + SERVICES.indexOf(service);
}

/**
 * The plaintext port a service answers grpc.health.v1 on, and nothing else, for probes without a certificate
 * (GRPC_PROBE_PORT; the kubelet's in the chart): its gRPC port + 100 (identity 50151 in `dev`).
 */
export function probePort(profile: StackProfile, service: ServiceName): number {
  return grpcPort(profile, service) + 100;
}

/** Where one replica of a service listens for gRPC: `host:port`. */
export function grpcAddress(profile: StackProfile, service: ServiceName, replica = 1): string {
  return `${replicaHost(profile, replica)}:${grpcPort(profile, service)}`;
}

/**
 * What a client of the service dials: `host:port` for one replica; for several, grpc-js's list target
 * `ipv4:127.0.0.1:15054,127.0.0.2:15054`, which round_robin balances over as it does over a headless Service.
 */
export function grpcTarget(profile: StackProfile, service: ServiceName, replicas: number): string {
  if (replicas <= 1) return grpcAddress(profile, service);
  const all = Array.from({ length: replicas }, (_, i) => grpcAddress(profile, service, i + 1));
  return `ipv4:${all.join(',')}`;
}

/** Where Prometheus scrapes one process of this profile (loopback only, like every port here). */
export function metricsPort(profile: StackProfile, name: ProcessName): number {
  if (name === 'gateway') return profile.metricsPortBase;
  // The console after the twelve services (9463 in `dev`).
  if (name === 'console') return profile.metricsPortBase + 1 + SERVICES.length;
  return profile.metricsPortBase + 1 + SERVICES.indexOf(name);
}

/** One replica's metrics (`GET /metrics`): its own address, the process's metrics port. */
export function metricsUrl(profile: StackProfile, name: ProcessName, replica = 1): string {
  return `http://${replicaHost(profile, replica)}:${metricsPort(profile, name)}/metrics`;
}

/** The partner console's web server: the gateway's HTTP port + 10 (8090 in `dev`); browsers use the gateway's `/console`. */
export function consolePort(profile: StackProfile): number {
  return profile.httpPort + 10;
}

export function consoleServerUrl(profile: StackProfile): string {
  return `http://${replicaHost(profile)}:${consolePort(profile)}`;
}

export function gatewayUrl(profile: StackProfile, replica = 1): string {
  return `http://${replicaHost(profile, replica)}:${profile.httpPort}`;
}
