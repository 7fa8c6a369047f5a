import type { InfraComponentName, InfraMode, InfraUrls } from './types';

export const DEFAULT_MONGO_URL = 'mongodb://127.0.0.1:27017';
export const DEFAULT_KAFKA_BROKERS = ['127.0.0.1:9092'];
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const ENV_VARS: Record<InfraComponentName, string> = {
  secantusd: 'MONGO_URL',
  kafka: 'KAFKA_BROKERS',
  redis: 'REDIS_URL',
  maildev: 'MAILDEV_URL',
  'maildev-test': 'MAILDEV_TEST_URL',
};

/** An empty value counts as unset, so `MONGO_URL= pnpm infra start` falls back to the managed server. */
function readVar(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function resolveInfraUrls(env: NodeJS.ProcessEnv = process.env): InfraUrls {
  const brokers = readVar(env, 'KAFKA_BROKERS')
    ?.split(',')
    .map((b) => b.trim())
    .filter((b) => b.length > 0);
  return {
    mongoUrl: readVar(env, 'MONGO_URL') ?? DEFAULT_MONGO_URL,
    kafkaBrokers: brokers && brokers.length > 0 ? brokers : [...DEFAULT_KAFKA_BROKERS],
    redisUrl: readVar(env, 'REDIS_URL') ?? DEFAULT_REDIS_URL,
  };
}

/** A component whose variable is set is someone else's: we only check that it answers. */
export function componentMode(name: InfraComponentName, env: NodeJS.ProcessEnv): InfraMode {
  return readVar(env, ENV_VARS[name]) ? 'external' : 'managed';
}

export function envVarFor(name: InfraComponentName): string {
  return ENV_VARS[name];
}

/** host:port list of a URL without scheme, credentials, path or options (safe to print). */
export function hostsOf(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/?#]+)/i.exec(url);
  return match?.[1] ?? url;
}
