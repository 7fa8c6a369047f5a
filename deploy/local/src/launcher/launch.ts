import { startInfra, stopInfra } from '../infra/index';
import type { InfraLog } from '../infra/types';
import { dropDatabases } from './fresh-databases';
import { deleteTopics } from './fresh-topics';
import { migrateDatabases } from './migrate-databases';
import { offerKeysFor } from './offer-keys';
import { peerTlsFor } from './peer-tls';
import { consoleSpec, processSpecs } from './process-specs';
import { loadSpecs, processPid, saveSpecs, startProcess, stopProcess } from './processes';
import { gatewayUrl, type StackProfile } from './profile';
import { isReplicaReady, waitReplicaReady } from './replica-ready';
import { type ProcessOrReplica, type ReplicaCounts, refOf, replicaLabel } from './replicas';
import { waitUntilHealthy } from './wait-healthy';

export interface LaunchOptions {
  profile: StackProfile;
  env?: NodeJS.ProcessEnv;
  log?: InfraLog;
  timeoutMs?: number;
  /** Replicas per process (one when not named): replica k listens on 127.0.0.k. */
  replicas?: ReplicaCounts;
}

export interface LaunchedPlatform {
  gatewayUrl: string;
  /** Infrastructure components this launch started (and so stops again). */
  infraStartedNow: string[];
  stop(): Promise<void>;
}

/**
 * Starts the infrastructure, then every replica of the services and the gateway as separate processes, and
 * resolves once /api/health says the platform is `ok` and every replica is ready. Leftovers of an earlier run
 * of the same profile are stopped first (and a test profile's databases dropped and its topics deleted).
 */
export async function launchPlatform(options: LaunchOptions): Promise<LaunchedPlatform> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(line));
  const { profile } = options;
  const started = Date.now();
  const { urls, startedNow } = await startInfra({ env, log });
  const keys = { ...offerKeysFor(env, profile), peerTlsRoot: await peerTlsFor(env, profile) };
  const specs = [...processSpecs(profile, urls, keys, options.replicas), consoleSpec(profile)];
  await stopPlatformProcesses(env, profile);
  if (profile.freshDatabases) {
    await dropDatabases(urls.mongoUrl, profile.databasePrefix, log);
    await deleteTopics(urls.kafkaBrokers, profile.kafkaNamespace, log);
  }
  saveSpecs(env, profile, specs);
  await migrateDatabases(specs, log);
  log(`[launch] starting ${specs.map(replicaLabel).join(', ')}`);
  await Promise.all(specs.map((spec) => startProcess(env, profile, spec)));
  const stop = async () => {
    await stopPlatformProcesses(env, profile);
    if (startedNow.length > 0) await stopInfra({ env, only: startedNow, log });
  };
  try {
    const timeoutMs = options.timeoutMs ?? 90_000;
    const isDead = (spec: ProcessOrReplica) => processPid(env, profile, spec) === undefined;
    await waitUntilHealthy(profile, {
      timeoutMs,
      log,
      deadProcesses: () => specs.filter(isDead).map(replicaLabel),
      unreadyProcesses: async () => {
        const ready = await Promise.all(specs.map((spec) => isReplicaReady(profile, spec)));
        return specs.filter((_, i) => !ready[i]).map(replicaLabel);
      },
    });
    // The report above sees one replica of each service; every replica must be ready before the load comes.
    await Promise.all(
      specs.map((spec) => waitReplicaReady(profile, spec, { timeoutMs, isDead: () => isDead(spec) })),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  log(`[launch] platform healthy in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return { gatewayUrl: gatewayUrl(profile), infraStartedNow: startedNow, stop };
}

/** The gateways first (stop taking requests), then the services, each with SIGTERM and a deadline. */
export async function stopPlatformProcesses(env: NodeJS.ProcessEnv, profile: StackProfile): Promise<void> {
  const specs = loadSpecs(env, profile);
  const gateways = specs.filter((s) => s.name === 'gateway' && s.replica > 1);
  await Promise.all([
    stopProcess(env, profile, 'gateway'),
    ...gateways.map((s) => stopProcess(env, profile, s)),
  ]);
  const services = specs.filter((s) => s.name !== 'gateway');
  await Promise.all(services.map((spec) => stopProcess(env, profile, spec)));
}

/**
 * Starts one replica again as the launcher did (tests kill and restart services with this; a name alone is
 * replica 1): SIGTERM, waiting for it to exit, then the same command. `extraEnv` adds to its environment for
 * this run only (a test's fault hook, e.g. `BOOKING_CRASH_AT`).
 */
export async function restartProcess(
  env: NodeJS.ProcessEnv,
  profile: StackProfile,
  target: ProcessOrReplica,
  extraEnv: Record<string, string> = {},
): Promise<number> {
  const { name, replica } = refOf(target);
  const spec = loadSpecs(env, profile).find((s) => s.name === name && s.replica === replica);
  if (!spec) throw new Error(`no ${replicaLabel(target)} in the ${profile.name} stack; launch it first`);
  await stopProcess(env, profile, spec);
  return startProcess(env, profile, { ...spec, env: { ...spec.env, ...extraEnv } });
}

export { processPid };
