import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDirFor } from './cache';
import { createContext, say } from './context';
import { stepFailed } from './errors';
import { goBinary } from './go';
import { seconds, withHeartbeat } from './heartbeat';
import { withLock } from './lock';
import { cacheLockFile, logFile } from './paths';
import { runLoggedWithRetry } from './run-logged';
import type { InfraOptions } from './types';

const NAME = 'helm';
/** The one place Helm's version is pinned: the chart's tests lint and render with exactly this release. */
export const HELM_VERSION = 'v3.21.4';
const MODULE = 'helm.sh/helm/v3/cmd/helm';
const INSTALL_STEP = `go install ${MODULE}@${HELM_VERSION}`;
/** A cold build is about two minutes on 2 cores; a slow proxy or a busy machine can triple it. */
const LOCK_TIMEOUT_MS = 15 * 60_000;

function installDir(env: NodeJS.ProcessEnv): string {
  return cacheDirFor(env, NAME, [], `helm@${HELM_VERSION}`);
}

export function helmBinary(env: NodeJS.ProcessEnv = process.env): string {
  return join(installDir(env), 'bin', 'helm');
}

async function build(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  const ctx = { env, log };
  const root = installDir(env);
  // Build into a scratch folder and rename, so an interrupted build never looks finished.
  const tmpBin = `${root}.tmp-${process.pid}`;
  const logPath = logFile(env, `${NAME}-install`);
  mkdirSync(tmpBin, { recursive: true });
  say(ctx, NAME, `building helm ${HELM_VERSION} from the Go module proxy (first run, ~2 min on 2 cores)…`);
  const started = Date.now();
  try {
    await withHeartbeat(
      (elapsed) => say(ctx, NAME, `still building (${elapsed})…`),
      () =>
        runLoggedWithRetry(
          {
            command: goBinary(env),
            args: ['install', `${MODULE}@${HELM_VERSION}`],
            // -buildvcs=false: the module is built outside any repository.
            env: { ...env, GOBIN: tmpBin, GOFLAGS: '-buildvcs=false', CGO_ENABLED: '0' },
            logFile: logPath,
          },
          { attempts: 3, onRetry: (n, why) => say(ctx, NAME, `attempt ${n} failed (${why}); retrying…`) },
        ),
    );
    mkdirSync(root, { recursive: true });
    // Another clone may have finished the same build meanwhile; its binary is as good as ours.
    if (!existsSync(helmBinary(env))) renameSync(tmpBin, join(root, 'bin'));
  } catch (err) {
    throw stepFailed(NAME, 'install', INSTALL_STEP, logPath, err);
  } finally {
    rmSync(tmpBin, { recursive: true, force: true });
  }
  say(ctx, NAME, `built in ${seconds(Date.now() - started)}`);
}

/**
 * The path of our pinned helm, built once with `go install` into ~/.cache/partner-travel (like the store)
 * and reused after; concurrent callers (jest workers, a CLI) wait for the one build.
 */
export async function ensureHelm(opts: InfraOptions = {}): Promise<string> {
  const { env, log } = createContext(opts);
  const binary = helmBinary(env);
  if (existsSync(binary)) return binary;
  const onWait = (owner: number | undefined): void =>
    say({ env, log }, NAME, `waiting for another build of helm (pid ${owner ?? '?'})…`);
  await withLock(cacheLockFile(env, NAME), { timeoutMs: LOCK_TIMEOUT_MS, onWait }, async () => {
    if (!existsSync(binary)) await build(env, log);
  });
  return binary;
}
