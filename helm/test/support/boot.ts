import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logFile, resolveInfraUrls } from '@travel/local-deploy';
import { stringify } from 'yaml';
import { component, defaultValues, type K8sDoc, ofKind, packageDirOf } from './chart';
import type { ResolvedProcess } from './process-env';

/** Ports of our own, beside the dev (8080, 50051+) and e2e (18080, 15051+) copies of the platform. */
export const BOOT_GATEWAY_PORT = 28080;
const BOOT_GRPC_BASE = 28051;
/** Metrics listeners of our own too (dev 9450+, e2e 19450+); in a cluster every pod uses metrics.port. */
const BOOT_METRICS_BASE = 28450;
/** Prefixes of our own in the shared store, Kafka and Redis. */
export const BOOT_PREFIX = 'helmboot';

export interface BootInstall {
  valuesFile: string;
  admin: { email: string; password: string };
}

/**
 * A values file for an install pointed at this machine's store, Kafka and Redis, as a platform engineer
 * points it at managed ones: URLs and keys as values (the chart's own Secret), ports per process so the
 * processes can share one host here (in a cluster each pod has its own address), short webhook retries.
 */
export function bootValues(): BootInstall {
  const infra = resolveInfraUrls(process.env);
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  // Fixed: identity creates the administrator once, in the first run's database, and keeps it.
  const admin = { email: 'admin@helm-boot.test', password: 'helm-boot-admin-2026' };
  // The chart's processes (the chart test checks they are the launcher's SERVICES and the gateway).
  const processes: Record<string, { port: number; metricsPort: number }> = {};
  Object.keys(defaultValues().processes)
    .sort()
    .forEach((name, i) => {
      processes[name] = {
        port: name === 'gateway' ? BOOT_GATEWAY_PORT : BOOT_GRPC_BASE + i,
        metricsPort: BOOT_METRICS_BASE + i,
      };
    });
  const values = {
    image: { tag: 'boot-test' },
    mongodb: { existingSecret: '', url: infra.mongoUrl, databasePrefix: `${BOOT_PREFIX}_` },
    kafka: {
      brokers: infra.kafkaBrokers,
      namespace: `${BOOT_PREFIX}.`,
      topicPartitions: 3,
      replicationFactor: 1,
    },
    redis: { existingSecret: '', url: infra.redisUrl, keyPrefix: `${BOOT_PREFIX}:rl` },
    offerTokens: {
      existingSecret: '',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    },
    admin: { existingSecret: '', ...admin },
    webhooks: { retryDelays: '1s,1s,1s', pollMs: 200 },
    gateway: { signInAttemptsPerMinute: 1000 },
    credentials: credentialValues(),
    processes,
  };
  const dir = mkdtempSync(join(tmpdir(), 'helm-boot-'));
  const valuesFile = join(dir, 'values.yaml');
  writeFileSync(valuesFile, stringify(values));
  return { valuesFile, admin };
}

/**
 * A value for every further credential of the chart (`credentials`), as an operator would give one: 32 random
 * bytes in base64 serve as a password, a token or a 32-byte key alike.
 */
function credentialValues(): Record<string, { existingSecret: string; value: string }> {
  const names = Object.keys(defaultValues().credentials ?? {});
  return Object.fromEntries(
    names.map((name) => {
      const key = randomBytes(32).toString('base64');
      // SEALING_KEYS names its key: `kid:<base64 32 bytes>`.
      return [name, { existingSecret: '', value: name === 'SEALING_KEYS' ? `boot1:${key}` : key }];
    }),
  );
}

/**
 * What running on one machine changes, and nothing else: a Service's DNS name becomes 127.0.0.1 (same port),
 * and a listener on every interface of its pod (0.0.0.0) listens on loopback here.
 */
export function onThisMachine(resolved: ResolvedProcess, serviceNames: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(resolved.env)) {
    let mapped = value === '0.0.0.0' ? '127.0.0.1' : value;
    for (const host of serviceNames) mapped = mapped.split(`${host}:`).join('127.0.0.1:');
    env[key] = mapped;
  }
  // Every pod has its own address, so every service's probe port is the same number there; here, gRPC port + 100.
  if (env.GRPC_PROBE_PORT) env.GRPC_PROBE_PORT = String(Number(env.GRPC_PORT) + 100);
  return env;
}

/**
 * The rendered Secrets a process's pod mounts as folders (its certificate's: `GRPC_TLS_DIR`,
 * `PAYMENT_WEBHOOKS_TLS_DIR`), written under `root` as the kubelet would write them, and the variables that name
 * them pointed there: the pod's `/etc/partner-travel/...` does not exist on this machine.
 */
export function mountedSecretFolders(
  docs: K8sDoc[],
  resolved: ResolvedProcess,
  root: string,
): Record<string, string> {
  const deployment = ofKind(docs, 'Deployment').find((d) => component(d) === resolved.name);
  const pod = deployment?.spec.template.spec;
  const secrets = new Map(ofKind(docs, 'Secret').map((s) => [s.metadata.name, s.data ?? {}]));
  const folders: Record<string, string> = {};
  for (const mount of pod?.containers[0].volumeMounts ?? []) {
    const volume = pod.volumes.find((v: { name: string }) => v.name === mount.name);
    const data = volume?.secret && secrets.get(volume.secret.secretName);
    if (!data) continue;
    const dir = join(root, resolved.name, mount.name);
    mkdirSync(dir, { recursive: true });
    for (const item of volume.secret.items as { key: string; path: string }[])
      writeFileSync(join(dir, item.path), Buffer.from(data[item.key] ?? '', 'base64'));
    for (const [key, value] of Object.entries(resolved.env))
      if (value === mount.mountPath) folders[key] = dir;
  }
  return folders;
}

export interface BootedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  log: string;
}

/**
 * Starts one process with the container's command, from its package (what the image holds at /app, made by
 * `pnpm deploy --prod` of that package; image.test.ts runs such a folder), with
 * exactly this environment plus PATH: nothing of the test's own environment leaks in.
 */
export function startProcess(
  resolved: ResolvedProcess,
  env: Record<string, string>,
  appDir = packageDirOf(resolved.name),
): BootedProcess {
  const [program, ...args] = resolved.command;
  if (program !== 'node')
    throw new Error(`${resolved.name}: command ${resolved.command.join(' ')} is not node`);
  if (resolved.workingDir !== '/app') throw new Error(`${resolved.name}: workingDir ${resolved.workingDir}`);
  const log = logFile(process.env, `helm-boot-${resolved.name}`);
  mkdirSync(join(log, '..'), { recursive: true });
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, args, {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
    at: Date.now(),
  }));
  return { name: resolved.name, child, exited, log };
}
