import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { say } from '../context';
import { InfraError, stepFailed } from '../errors';
import { withLock } from '../lock';
import { cacheLockFile, logFile } from '../paths';
import { runLogged } from '../run-logged';
import type { InfraContext } from '../types';
import { which } from '../which';

const NAME = 'docker';
/**
 * Debian's packages, by the program each installs: the daemon (with containerd and runc), the tool that makes the
 * base image, and the browser the console's browser tests drive (test/console).
 */
export const APT_PACKAGES = {
  dockerd: 'docker.io',
  debootstrap: 'debootstrap',
  chromium: 'chromium',
} as const;
/** Where Debian installs the two programs; /usr/sbin is not on every PATH. */
const SBIN = '/usr/sbin';
/** apt-get refuses to run beside another (dpkg's lock): `npm test` installs chromium while docker.io may be next. */
const APT_LOCK_TIMEOUT_MS = 20 * 60_000;
/** Debian's hook that tells package scripts not to start services (exit 101: "not allowed"). */
const POLICY_RC = '/usr/sbin/policy-rc.d';

/** The path of a program that an apt package installs into /usr/sbin, if it is installed. */
export function sbinProgram(program: string, env: NodeJS.ProcessEnv): string | undefined {
  return which(program, env) ?? (existsSync(join(SBIN, program)) ? join(SBIN, program) : undefined);
}

/**
 * Installs the Debian packages whose programs are missing (`apt-get update` once first). Package scripts are
 * kept from starting Debian's own docker service, which would make a docker0 bridge and firewall rules: the
 * daemon we start is our own, with neither.
 */
export async function ensureAptPackages(
  ctx: InfraContext,
  programs: (keyof typeof APT_PACKAGES)[],
  name: string = NAME,
): Promise<void> {
  const missingIn = () =>
    programs.filter((p) => sbinProgram(p, ctx.env) === undefined).map((p) => APT_PACKAGES[p]);
  const missing = missingIn();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new InfraError(
      name,
      `${missing.join(' and ')} missing: install with "sudo apt-get install ${missing.join(' ')}"${name === NAME ? ', or set DOCKER_HOST to a running daemon' : ''}`,
    );
  // One install at a time on the machine; what another installed while this waited is not installed again.
  const onWait = () => say(ctx, name, 'waiting for another apt-get install of ours to finish…');
  await withLock(cacheLockFile(ctx.env, 'apt'), { timeoutMs: APT_LOCK_TIMEOUT_MS, onWait }, async () => {
    const still = missingIn();
    if (still.length > 0) await aptInstall(ctx, name, still);
  });
}

async function aptInstall(ctx: InfraContext, name: string, missing: string[]): Promise<void> {
  const log = logFile(ctx.env, `${name}-install`);
  const env = { ...ctx.env, DEBIAN_FRONTEND: 'noninteractive' };
  say(ctx, name, `installing ${missing.join(', ')} from Debian's packages (first run only)…`);
  const addedPolicy = !existsSync(POLICY_RC);
  if (addedPolicy) writeFileSync(POLICY_RC, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    await runLogged({ command: 'apt-get', args: ['update'], logFile: log, env });
    const install = ['install', '-y', '--no-install-recommends', ...missing];
    await runLogged({ command: 'apt-get', args: install, logFile: log, env }).catch((err) => {
      throw stepFailed(name, 'install', `apt-get ${install.join(' ')}`, log, err);
    });
  } finally {
    if (addedPolicy) rmSync(POLICY_RC, { force: true });
  }
}
