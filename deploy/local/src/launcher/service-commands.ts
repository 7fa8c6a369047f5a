import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { compileCacheEnv } from './compile-cache';
import { loadSpecs } from './processes';
import type { StackProfile } from './profile';

/** The services whose stored values are sealed (docs/deploy.md, "Sealing keys"). */
export const SEALING_SERVICES = ['identity', 'billing', 'webhook'] as const;

/**
 * Runs a service's documented command (`dist/commands/<command>.js` beside its main.js) with the environment the
 * launcher gave that service in this profile, printing its output; the exit code of the command.
 */
export function runServiceCommand(
  env: NodeJS.ProcessEnv,
  profile: StackProfile,
  service: string,
  command: string,
): number {
  const spec = loadSpecs(env, profile).find((s) => s.name === service && s.replica === 1);
  if (!spec) {
    console.error(`${service}: no ${profile.name} stack was launched here (run launch first)`);
    return 1;
  }
  const result = spawnSync(process.execPath, [join(dirname(spec.entry), 'commands', `${command}.js`)], {
    env: { ...env, ...compileCacheEnv(env), LOG_LEVEL: 'warn', ...spec.env },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  process.stdout.write(`${service} ${result.stdout}`);
  return result.status ?? 1;
}
