/**
 * Where one copy of the platform listens. `dev` is what the README starts; `e2e` runs beside it for tests;
 * `images` is the platform run from its container images (test/images).
 */
export interface StackProfile {
  name: 'dev' | 'e2e' | 'images';
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
  },
  e2e: {
    name: 'e2e',
    httpPort: 18080,
    grpcPortBase: 15051,
    metricsPortBase: 19450,
    databasePrefix: 'e2e_',
    kafkaNamespace: 'e2e.',
    redisPrefix: 'e2e:rl',
  },
  images: {
    name: 'images',
    httpPort: 29080,
    grpcPortBase: 29051,
    metricsPortBase: 29450,
    databasePrefix: 'images_',
    kafkaNamespace: 'images.',
    redisPrefix: 'images:rl',
  },
};

export const SERVICES = [
  'identity',
  'search',
  'pricing',
  'booking',
  'billing',
  'webhook',
  'promotions',
  'corporate',
  'content',
  'reports',
  'engagement',
  'supply',
] as const;
export type ServiceName = (typeof SERVICES)[number];
export type ProcessName = ServiceName | 'gateway';

export function grpcAddress(profile: StackProfile, service: ServiceName): string {
  return `127.0.0.1:${profile.grpcPortBase + SERVICES.indexOf(service)}`;
}

/** Where Prometheus scrapes one process of this profile (loopback only, like every port here). */
export function metricsPort(profile: StackProfile, name: ProcessName): number {
  return name === 'gateway' ? profile.metricsPortBase : profile.metricsPortBase + 1 + SERVICES.indexOf(name);
}

export function gatewayUrl(profile: StackProfile): string {
  return `http://127.0.0.1:${profile.httpPort}`;
}
