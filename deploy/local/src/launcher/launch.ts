import { startInfra, stopInfra } from '../infra/index';
import type { InfraLog } from '../infra/types';
import { offerKeysFor } from './offer-keys';
import { processSpecs } from './process-specs';
import { loadSpecs, processPid, saveSpecs, startProcess, stopProcess } from './processes';
import { gatewayUrl, type ProcessName, type StackProfile } from './profile';
import { waitUntilHealthy } from './wait-healthy';

export interface LaunchOptions {
  profile: StackProfile;
  env?: NodeJS.ProcessEnv;
  log?: InfraLog;
  timeoutMs?: number;
}

export interface LaunchedPlatform {
  gatewayUrl: string;
  /** Infrastructure components this launch started (and so stops again). */
  infraStartedNow: string[];
  stop(): Promise<void>;
}

/**
 * Starts the infrastructure, then the six services and the gateway as separate processes, and resolves
 * once /api/health says everything is serving. Leftovers of an earlier run of the same profile are stopped first.
 */
export async function launchPlatform(options: LaunchOptions): Promise<LaunchedPlatform> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(line));
  const { profile } = options;
  const started = Date.now();
  const { urls, startedNow } = await startInfra({ env, log });
  const specs = processSpecs(profile, urls, offerKeysFor(env, profile));
  await stopPlatformProcesses(env, profile);
  saveSpecs(env, profile, specs);
  log(`[launch] starting ${specs.map((s) => s.name).join(', ')}`);
  await Promise.all(specs.map((spec) => startProcess(env, profile, spec)));
  const stop = async () => {
    await stopPlatformProcesses(env, profile);
    if (startedNow.length > 0) await stopInfra({ env, only: startedNow, log });
  };
  try {
    await waitUntilHealthy(profile, {
      timeoutMs: options.timeoutMs ?? 90_000,
      log,
      deadProcesses: () =>
        specs.filter((s) => processPid(env, profile, s.name) === undefined).map((s) => s.name),
    });
  } catch (error) {
    await stop();
    throw error;
  }
  log(`[launch] platform healthy in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return { gatewayUrl: gatewayUrl(profile), infraStartedNow: startedNow, stop };
}

/** Gateway first (stop taking requests), then the services, each with SIGTERM and a deadline. */
export async function stopPlatformProcesses(env: NodeJS.ProcessEnv, profile: StackProfile): Promise<void> {
  await stopProcess(env, profile, 'gateway');
  const services = loadSpecs(env, profile).filter((s) => s.name !== 'gateway');
  await Promise.all(services.map((spec) => stopProcess(env, profile, spec.name)));
}

/**
 * Starts one process again as the launcher did (tests kill and restart services with this); `extraEnv`
 * adds to its environment for this run only (a test's fault hook, e.g. `BOOKING_CRASH_AT`).
 */
export async function restartProcess(
  env: NodeJS.ProcessEnv,
  profile: StackProfile,
  name: ProcessName,
  extraEnv: Record<string, string> = {},
): Promise<number> {
  const spec = loadSpecs(env, profile).find((s) => s.name === name);
  if (!spec) throw new Error(`no ${name} in the ${profile.name} stack; launch it first`);
  await stopProcess(env, profile, name);
  return startProcess(env, profile, { ...spec, env: { ...spec.env, ...extraEnv } });
}

export { processPid };
