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

/** A command-line tool built with `go install <module>@<version>` into ~/.cache/partner-travel. */
export interface GoTool {
  /** The binary's name, and the name of its cache folder, lock and install log. */
  name: string;
  /** The package path of its `main` (`github.com/prometheus/prometheus/cmd/promtool`). */
  module: string;
  version: string;
  /** Go build tags (`-tags`), e.g. to leave out parts the tests never use. */
  tags?: string[];
  /** What a cold build costs, said while it runs (`~2 min on 2 cores`). */
  coldBuild: string;
  /** How long a second caller waits for another's build. */
  lockTimeoutMs: number;
}

function installDir(tool: GoTool, env: NodeJS.ProcessEnv): string {
  const tags = tool.tags?.length ? ` -tags ${tool.tags.join(',')}` : '';
  return cacheDirFor(env, tool.name, [], `${tool.name}@${tool.version}${tags}`);
}

/** `install [-tags a,b] <module>@<version>` */
function installArgs(tool: GoTool): string[] {
  const tags = tool.tags?.length ? ['-tags', tool.tags.join(',')] : [];
  return ['install', ...tags, `${tool.module}@${tool.version}`];
}

export function goToolBinary(tool: GoTool, env: NodeJS.ProcessEnv = process.env): string {
  return join(installDir(tool, env), 'bin', tool.name);
}

async function build(tool: GoTool, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  const ctx = { env, log };
  const root = installDir(tool, env);
  // Build into a scratch folder and rename, so an interrupted build never looks finished.
  const tmpBin = `${root}.tmp-${process.pid}`;
  const logPath = logFile(env, `${tool.name}-install`);
  const args = installArgs(tool);
  mkdirSync(tmpBin, { recursive: true });
  say(
    ctx,
    tool.name,
    `building ${tool.name} ${tool.version} from the Go module proxy (first run, ${tool.coldBuild})…`,
  );
  const started = Date.now();
  try {
    await withHeartbeat(
      (elapsed) => say(ctx, tool.name, `still building (${elapsed})…`),
      () =>
        runLoggedWithRetry(
          {
            command: goBinary(env),
            args,
            // -buildvcs=false: the module is built outside any repository.
            env: { ...env, GOBIN: tmpBin, GOFLAGS: '-buildvcs=false', CGO_ENABLED: '0' },
            logFile: logPath,
          },
          {
            attempts: 3,
            onRetry: (n, why) => say(ctx, tool.name, `attempt ${n} failed (${why}); retrying…`),
          },
        ),
    );
    mkdirSync(root, { recursive: true });
    // Another clone may have finished the same build meanwhile; its binary is as good as ours.
    if (!existsSync(goToolBinary(tool, env))) renameSync(tmpBin, join(root, 'bin'));
  } catch (err) {
    throw stepFailed(tool.name, 'install', `go ${args.join(' ')}`, logPath, err);
  } finally {
    rmSync(tmpBin, { recursive: true, force: true });
  }
  say(ctx, tool.name, `built in ${seconds(Date.now() - started)}`);
}

/**
 * The path of the pinned tool, built once with `go install` and reused after; concurrent callers (jest
 * workers, a CLI) wait for the one build.
 */
export async function ensureGoTool(tool: GoTool, opts: InfraOptions = {}): Promise<string> {
  const { env, log } = createContext(opts);
  const binary = goToolBinary(tool, env);
  if (existsSync(binary)) return binary;
  const onWait = (owner: number | undefined): void =>
    say({ env, log }, tool.name, `waiting for another build of ${tool.name} (pid ${owner ?? '?'})…`);
  await withLock(cacheLockFile(env, tool.name), { timeoutMs: tool.lockTimeoutMs, onWait }, async () => {
    if (!existsSync(binary)) await build(tool, env, log);
  });
  return binary;
}
