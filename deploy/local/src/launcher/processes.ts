import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDir, logFile, pidFile, stateRoot } from '../infra/paths';
import { isAlive, readPidFile, spawnDetached, stopByPidFile } from '../infra/process';
import type { ProcessSpec } from './process-specs';
import type { StackProfile } from './profile';

const processId = (profile: StackProfile, name: string) => `${profile.name}-${name}`;

export function processLogFile(env: NodeJS.ProcessEnv, profile: StackProfile, name: string): string {
  return logFile(env, processId(profile, name));
}

function specsFile(env: NodeJS.ProcessEnv, profile: StackProfile): string {
  return join(ensureDir(join(stateRoot(env), 'run')), `${profile.name}-stack.json`);
}

/** Remembers how the stack was started, so a test (or a person) can restart one process the same way. */
export function saveSpecs(env: NodeJS.ProcessEnv, profile: StackProfile, specs: ProcessSpec[]): void {
  // The environments hold the offer-token private key: readable by this user only.
  writeFileSync(specsFile(env, profile), JSON.stringify(specs, null, 2), { mode: 0o600 });
  chmodSync(specsFile(env, profile), 0o600);
}

export function loadSpecs(env: NodeJS.ProcessEnv, profile: StackProfile): ProcessSpec[] {
  const file = specsFile(env, profile);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ProcessSpec[]) : [];
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
    logFile: processLogFile(env, profile, spec.name),
    pidFile: pidFile(env, processId(profile, spec.name)),
    env: { ...env, NODE_ENV: env.NODE_ENV ?? 'development', ...spec.env },
  });
}

export function processPid(env: NodeJS.ProcessEnv, profile: StackProfile, name: string): number | undefined {
  const pid = readPidFile(pidFile(env, processId(profile, name)));
  return pid !== undefined && isAlive(pid, 'dist/main.js') ? pid : undefined;
}

/** SIGTERM (clean shutdown), SIGKILL after the deadline. */
export async function stopProcess(
  env: NodeJS.ProcessEnv,
  profile: StackProfile,
  name: string,
): Promise<void> {
  await stopByPidFile(pidFile(env, processId(profile, name)), { timeoutMs: 15_000, expect: 'dist/main.js' });
}
