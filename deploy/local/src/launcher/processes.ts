import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDir, logFile, pidFile, stateRoot } from '../infra/paths';
import { isAlive, readPidFile, spawnDetached, stopByPidFile } from '../infra/process';
import { compileCacheEnv } from './compile-cache';
import type { ProcessSpec } from './process-specs';
import type { StackProfile } from './profile';
import { type ProcessOrReplica, replicaLabel } from './replicas';

/** `e2e-booking` (replica 1, as a one-replica stack always named it), `e2e-booking-2`: pid and log file names. */
const processId = (profile: StackProfile, target: ProcessOrReplica) =>
  `${profile.name}-${replicaLabel(target)}`;

export function processLogFile(
  env: NodeJS.ProcessEnv,
  profile: StackProfile,
  target: ProcessOrReplica,
): string {
  return logFile(env, processId(profile, target));
}

function specsFile(env: NodeJS.ProcessEnv, profile: StackProfile): string {
  return join(ensureDir(join(stateRoot(env), 'run')), `${profile.name}-stack.json`);
}

/** Remembers how the stack was started, so a test (or a person) can restart one replica the same way. */
export function saveSpecs(env: NodeJS.ProcessEnv, profile: StackProfile, specs: ProcessSpec[]): void {
  // The environments hold the offer-token private key: readable by this user only.
  writeFileSync(specsFile(env, profile), JSON.stringify(specs, null, 2), { mode: 0o600 });
  chmodSync(specsFile(env, profile), 0o600);
}

export function loadSpecs(env: NodeJS.ProcessEnv, profile: StackProfile): ProcessSpec[] {
  const file = specsFile(env, profile);
  if (!existsSync(file)) return [];
  // A file saved before replicas existed has one copy of each process: replica 1.
  const saved = JSON.parse(readFileSync(file, 'utf8')) as (Omit<ProcessSpec, 'replica'> & {
    replica?: number;
  })[];
  return saved.map((spec) => ({ ...spec, replica: spec.replica ?? 1 }));
}

/** Starts one Node process of the platform in its own process group, its output in its own log file. */
export function startProcess(
  env: NodeJS.ProcessEnv,
  profile: StackProfile,
  spec: ProcessSpec,
): Promise<number> {
  return spawnDetached({
    command: process.execPath,
    args: ['--enable-source-maps', spec.entry],
    logFile: processLogFile(env, profile, spec),
    pidFile: pidFile(env, processId(profile, spec)),
    env: { ...env, ...compileCacheEnv(env), NODE_ENV: env.NODE_ENV ?? 'development', ...spec.env },
  });
}

/** The pid of a running process (replica 1 when only a name is given); undefined when it is not running. */
export function processPid(
  env: NodeJS.ProcessEnv,
  profile: StackProfile,
  target: ProcessOrReplica,
): number | undefined {
  const pid = readPidFile(pidFile(env, processId(profile, target)));
  return pid !== undefined && isAlive(pid, 'dist/main.js') ? pid : undefined;
}

/** SIGTERM (clean shutdown), SIGKILL after the deadline. */
export async function stopProcess(
  env: NodeJS.ProcessEnv,
  profile: StackProfile,
  target: ProcessOrReplica,
): Promise<void> {
  await stopByPidFile(pidFile(env, processId(profile, target)), {
    timeoutMs: 15_000,
    expect: 'dist/main.js',
  });
}
