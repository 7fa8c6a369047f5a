import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { cacheDirFor } from './cache';
import { hostsOf } from './config';
import { say } from './context';
import { stepFailed } from './errors';
import { seconds, withHeartbeat } from './heartbeat';
import { withLock } from './lock';
import { cacheLockFile, dataDir, ensureDir, logFile, packageRoot } from './paths';
import { pingMongo } from './probes';
import { runLoggedWithRetry } from './run-logged';
import { spawnServer } from './spawn-server';
import type { InfraComponent, InfraContext } from './types';
import { which } from './which';

const NAME = 'secantusd';
/** The one place the store's version is pinned (crates.io `secantus-mdb`, a beta: the contract suite guards it). */
export const SECANTUSD_VERSION = '0.5.3-beta.196';
const HOST = '127.0.0.1';
const PORT = 27017;
/** The store's settings file, also copied into the component tier's image (deploy/images/secantusd). */
export const SECANTUSD_SETTINGS = join(packageRoot, 'secantusd', 'secantusd.toml');
const INSTALL_STEP = `cargo install secantus-mdb@${SECANTUSD_VERSION}`;

function installDir(env: NodeJS.ProcessEnv): string {
  return cacheDirFor(env, NAME, [], `secantus-mdb@${SECANTUSD_VERSION}`);
}

export function secantusdBinary(env: NodeJS.ProcessEnv): string {
  return join(installDir(env), 'bin', 'secantusd-rs');
}

/** The store's command line: our settings file, and where it listens and keeps its data. */
export function secantusdArgs(port: number, storagePath: string): string[] {
  return [
    '--config',
    SECANTUSD_SETTINGS,
    '--host',
    HOST,
    '--port',
    String(port),
    '--storage-path',
    storagePath,
  ];
}

/** cargo on PATH, else where rustup puts it (a non-login shell may not have `~/.cargo/bin` on PATH). */
function cargo(env: NodeJS.ProcessEnv): string {
  return which('cargo', env) ?? join(env.CARGO_HOME ?? join(env.HOME || homedir(), '.cargo'), 'bin', 'cargo');
}

/** How long a second clone waits for another's cold build of the store (~7 min on 2 idle cores, far more on busy ones). */
const INSTALL_LOCK_TIMEOUT_MS = 45 * 60_000;

/**
 * Built once into ~/.cache/partner-travel and reused by every clone; concurrent callers wait for the one build (two
 * at once shared cargo's target folder, and the second rename failed with ENOTEMPTY over the first one's result).
 */
async function install(ctx: InfraContext): Promise<void> {
  if (existsSync(secantusdBinary(ctx.env))) return;
  const onWait = (owner: number | undefined): void =>
    say(ctx, NAME, `waiting for another build of secantusd-rs (pid ${owner ?? '?'})…`);
  await withLock(cacheLockFile(ctx.env, NAME), { timeoutMs: INSTALL_LOCK_TIMEOUT_MS, onWait }, async () => {
    if (!existsSync(secantusdBinary(ctx.env))) await build(ctx);
  });
}

async function build(ctx: InfraContext): Promise<void> {
  const log = logFile(ctx.env, `${NAME}-install`);
  const root = installDir(ctx.env);
  // Build into a scratch root and rename, so an interrupted build never looks finished; the ~600 MB
  // target folder is deleted afterwards (only the 21 MB binary is kept).
  const tmpRoot = `${root}.tmp-${process.pid}`;
  const target = `${root}.target`;
  ensureDir(dirname(root));
  say(ctx, NAME, `building secantusd-rs ${SECANTUSD_VERSION} with cargo (first run, ~7 min on 2 cores)…`);
  const started = Date.now();
  try {
    await withHeartbeat(
      (elapsed) => say(ctx, NAME, `still building (${elapsed})…`),
      () =>
        runLoggedWithRetry(
          {
            command: cargo(ctx.env),
            // --ignore-rust-version: the crate asks for a newer toolchain than ours, and builds on ours.
            args: [
              'install',
              'secantus-mdb',
              '--version',
              SECANTUSD_VERSION,
              '--locked',
              '--ignore-rust-version',
              '--root',
              tmpRoot,
            ],
            env: { ...ctx.env, CARGO_TARGET_DIR: target },
            logFile: log,
          },
          { attempts: 3, onRetry: (n, why) => say(ctx, NAME, `attempt ${n} failed (${why}); retrying…`) },
        ),
    );
    renameSync(tmpRoot, root);
  } catch (err) {
    rmSync(tmpRoot, { recursive: true, force: true });
    throw stepFailed(NAME, 'install', INSTALL_STEP, log, err);
  } finally {
    rmSync(target, { recursive: true, force: true });
  }
  say(ctx, NAME, `built in ${seconds(Date.now() - started)}`);
}

/**
 * Data lives under a folder named for the version: the store's files are disposable across upgrades
 * (a new version starts empty, and the old version's folder is removed), like any local dev data.
 */
function versionedDataDir(env: NodeJS.ProcessEnv): string {
  const parent = ensureDir(dataDir(env, NAME));
  for (const entry of readdirSync(parent))
    if (entry !== SECANTUSD_VERSION) rmSync(join(parent, entry), { recursive: true, force: true });
  return ensureDir(join(parent, SECANTUSD_VERSION));
}

async function launch(ctx: InfraContext): Promise<number> {
  const args = secantusdArgs(PORT, versionedDataDir(ctx.env));
  return spawnServer(ctx, NAME, 'spawn secantusd-rs', secantusdBinary(ctx.env), args);
}

export const secantusd: InfraComponent = {
  name: NAME,
  readyTimeoutMs: 15_000,
  stopTimeoutMs: 15_000,
  processMarker: 'secantusd-rs',
  startHint: 'MongoDB wire protocol on WiredTiger, ~1 s',
  address: (urls) => hostsOf(urls.mongoUrl),
  probe: (urls, timeoutMs) => pingMongo(urls.mongoUrl, timeoutMs),
  installedAt: secantusdBinary,
  install,
  launch,
};
