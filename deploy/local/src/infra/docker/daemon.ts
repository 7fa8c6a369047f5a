import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, say } from '../context';
import { InfraError } from '../errors';
import { seconds } from '../heartbeat';
import { withLock } from '../lock';
import { displayPath, logFile } from '../paths';
import { isAlive, readPidFile, spawnDetached, waitForExit } from '../process';
import type { InfraContext, InfraOptions } from '../types';
import { ensureAptPackages, sbinProgram } from './apt';
import { type DockerHost, serverVersion } from './client';
import { type DaemonPaths, daemonPaths } from './paths';

const NAME = 'docker';
/** The usual socket of a daemon the machine runs itself. */
const SYSTEM_SOCKET = '/var/run/docker.sock';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
const LOCK_TIMEOUT_MS = 10 * 60_000;

export interface DockerDaemon extends DockerHost {
  /** `env`: DOCKER_HOST; `system`: the machine's own daemon; `private`: ours, started for the project. */
  kind: 'env' | 'system' | 'private';
  /** The daemon's version (Debian's docker.io is 20.10; the client negotiates its API down). */
  version: string;
  /** Leaves the daemon: ours is stopped (by pid) when no other process still uses it; others are left alone. */
  stop(): Promise<void>;
}

/**
 * The flags that keep our daemon from touching the machine's network: no bridge (docker0), no iptables or
 * NAT rules. Containers run with `--network host` only; the daemon cannot make any other network.
 */
export function dockerdArgs(paths: DaemonPaths): string[] {
  return [
    '--config-file',
    paths.configFile,
    '--iptables=false',
    '--ip6tables=false',
    '--ip-masq=false',
    '--bridge=none',
    '--data-root',
    paths.dataRoot,
    '--exec-root',
    paths.execRoot,
    '--pidfile',
    join(paths.runDir, 'docker.pid'),
    '-H',
    `unix://${paths.socket}`,
  ];
}

const startedPidFile = (paths: DaemonPaths): string => join(paths.runDir, 'started.pid');

/** Registers this process as a user of our daemon; the returned function removes the registration. */
function register(paths: DaemonPaths): () => void {
  mkdirSync(paths.usersDir, { recursive: true });
  const file = join(paths.usersDir, `${process.pid}-${randomBytes(4).toString('hex')}`);
  writeFileSync(file, `${process.pid}\n`);
  return () => rmSync(file, { force: true });
}

/** Processes still registered and alive (files of dead ones are removed). */
function liveUsers(paths: DaemonPaths): number {
  if (!existsSync(paths.usersDir)) return 0;
  let live = 0;
  for (const file of readdirSync(paths.usersDir)) {
    const pid = Number.parseInt(file.split('-')[0] ?? '', 10);
    if (Number.isInteger(pid) && isAlive(pid)) live++;
    else rmSync(join(paths.usersDir, file), { force: true });
  }
  return live;
}

async function stopPrivate(ctx: InfraContext, paths: DaemonPaths): Promise<void> {
  const pid = readPidFile(startedPidFile(paths));
  if (pid === undefined || !isAlive(pid, 'dockerd')) return;
  say(ctx, NAME, `stopping our daemon (pid ${pid})…`);
  // The daemon alone: it stops its containers and its containerd itself.
  process.kill(pid, 'SIGTERM');
  if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
  rmSync(startedPidFile(paths), { force: true });
}

async function waitUntilAnswering(
  ctx: InfraContext,
  host: DockerHost,
  pid: number,
  log: string,
): Promise<string> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const version = await serverVersion(host, ctx.env);
    if (version) return version;
    if (!isAlive(pid)) throw new InfraError(NAME, `dockerd exited at start (see ${displayPath(log)})`);
    if (Date.now() > deadline)
      throw new InfraError(
        NAME,
        `dockerd did not answer within ${seconds(READY_TIMEOUT_MS)} (see ${displayPath(log)})`,
      );
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Starts our daemon unless it already answers (another worktree or test run started it). */
async function startPrivate(ctx: InfraContext, paths: DaemonPaths, host: DockerHost): Promise<string> {
  const running = await serverVersion(host, ctx.env);
  if (running) return running;
  await ensureAptPackages(ctx, ['dockerd', 'debootstrap']);
  for (const dir of [paths.runDir, paths.dataRoot]) mkdirSync(dir, { recursive: true });
  // Our own (empty) configuration: nothing in /etc/docker/daemon.json applies to this daemon.
  writeFileSync(paths.configFile, '{}\n');
  const log = logFile(ctx.env, 'dockerd');
  const started = Date.now();
  const pid = await spawnDetached({
    command: sbinProgram('dockerd', ctx.env) ?? 'dockerd',
    args: dockerdArgs(paths),
    logFile: log,
    pidFile: startedPidFile(paths),
    env: { ...ctx.env, PATH: `${ctx.env.PATH ?? ''}:/usr/sbin:/sbin` },
  });
  const version = await waitUntilAnswering(ctx, host, pid, log);
  say(
    ctx,
    NAME,
    `our daemon ${version} answers on ${paths.socket} (pid ${pid}, ${seconds(Date.now() - started)})`,
  );
  return version;
}

/**
 * A Docker daemon to build and run images with. DOCKER_HOST, or the machine's daemon on its usual socket, when
 * one answers; otherwise our private daemon (Debian's docker.io, installed with apt-get if missing), started
 * once for all callers, with no bridge and no firewall rules, its layers cached in ~/.cache/partner-travel.
 */
export async function ensureDocker(opts: InfraOptions = {}): Promise<DockerDaemon> {
  const ctx = createContext(opts);
  const leaveAlone = async (): Promise<void> => {};
  if (ctx.env.DOCKER_HOST) {
    const host = { dockerHost: ctx.env.DOCKER_HOST };
    const version = await serverVersion(host, ctx.env);
    if (!version)
      throw new InfraError(NAME, `DOCKER_HOST=${ctx.env.DOCKER_HOST} does not answer "docker version"`);
    return { ...host, kind: 'env', version, stop: leaveAlone };
  }
  const system = { dockerHost: `unix://${SYSTEM_SOCKET}` };
  if (existsSync(SYSTEM_SOCKET)) {
    const version = await serverVersion(system, ctx.env);
    if (version) return { ...system, kind: 'system', version, stop: leaveAlone };
  }
  const paths = daemonPaths(ctx.env);
  const host = { dockerHost: `unix://${paths.socket}` };
  const onWait = (owner: number | undefined): void =>
    say(ctx, NAME, `waiting for pid ${owner ?? '?'}, which is starting the daemon…`);
  mkdirSync(paths.runDir, { recursive: true });
  const { version, leave } = await withLock(paths.lock, { timeoutMs: LOCK_TIMEOUT_MS, onWait }, async () => ({
    version: await startPrivate(ctx, paths, host),
    leave: register(paths),
  }));
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await withLock(paths.lock, { timeoutMs: LOCK_TIMEOUT_MS, onWait }, async () => {
      leave();
      if (liveUsers(paths) === 0) await stopPrivate(ctx, paths);
    });
  };
  return { ...host, kind: 'private', version, stop };
}
