import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDirFor } from './cache';
import { createContext, say } from './context';
import { stepFailed } from './errors';
import { seconds, withHeartbeat } from './heartbeat';
import { withLock } from './lock';
import { lockFile, logFile } from './paths';
import { runLogged, runLoggedWithRetry } from './run-logged';
import type { InfraOptions } from './types';
import { which } from './which';

const NAME = 'schemathesis';
/** The one place the fuzzer's version is pinned: the e2e fuzz test runs exactly this release. */
export const SCHEMATHESIS_VERSION = '4.32.5';
const INSTALL_STEP = `pip install schemathesis==${SCHEMATHESIS_VERSION}`;
/** A cold install is well under a minute; a slow registry or a busy machine can make it several. */
const LOCK_TIMEOUT_MS = 10 * 60_000;
/** Written last: a virtualenv cannot be moved after it is made, so this marks a finished install. */
const DONE_MARKER = '.installed';

function installDir(env: NodeJS.ProcessEnv): string {
  return cacheDirFor(env, NAME, [], `schemathesis@${SCHEMATHESIS_VERSION}`);
}

export function schemathesisBinary(env: NodeJS.ProcessEnv = process.env): string {
  return join(installDir(env), 'bin', 'schemathesis');
}

function isInstalled(env: NodeJS.ProcessEnv): boolean {
  return existsSync(join(installDir(env), DONE_MARKER)) && existsSync(schemathesisBinary(env));
}

async function install(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  const ctx = { env, log };
  const root = installDir(env);
  const logPath = logFile(env, `${NAME}-install`);
  const python = which('python3', env) ?? 'python3';
  // A half-made virtualenv (an interrupted install) is thrown away and made again.
  rmSync(root, { recursive: true, force: true });
  say(
    ctx,
    NAME,
    `installing schemathesis ${SCHEMATHESIS_VERSION} from PyPI into a virtualenv (first run only)…`,
  );
  const started = Date.now();
  try {
    await runLogged({ command: python, args: ['-m', 'venv', root], env, logFile: logPath });
    await withHeartbeat(
      (elapsed) => say(ctx, NAME, `still installing (${elapsed})…`),
      () =>
        runLoggedWithRetry(
          {
            command: join(root, 'bin', 'pip'),
            // The registry, certificates and timeouts are the ones this machine's pip is configured with.
            args: ['install', '--no-input', `schemathesis==${SCHEMATHESIS_VERSION}`],
            env,
            logFile: logPath,
          },
          { attempts: 3, onRetry: (n, why) => say(ctx, NAME, `attempt ${n} failed (${why}); retrying…`) },
        ),
    );
    writeFileSync(join(root, DONE_MARKER), `${SCHEMATHESIS_VERSION}\n`);
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw stepFailed(NAME, 'install', INSTALL_STEP, logPath, err);
  }
  say(ctx, NAME, `installed in ${seconds(Date.now() - started)}`);
}

/**
 * The path of our pinned schemathesis CLI, installed once with python3's venv and pip into
 * ~/.cache/partner-travel and reused after; concurrent callers wait for the one install.
 */
export async function ensureSchemathesis(opts: InfraOptions = {}): Promise<string> {
  const { env, log } = createContext(opts);
  if (isInstalled(env)) return schemathesisBinary(env);
  const onWait = (owner: number | undefined): void =>
    say({ env, log }, NAME, `waiting for another install of schemathesis (pid ${owner ?? '?'})…`);
  await withLock(lockFile(env, NAME), { timeoutMs: LOCK_TIMEOUT_MS, onWait }, async () => {
    if (!isInstalled(env)) await install(env, log);
  });
  return schemathesisBinary(env);
}
