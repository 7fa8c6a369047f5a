import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDirFor } from './cache';
import { componentMode } from './config';
import { say } from './context';
import { stepFailed } from './errors';
import { seconds, withHeartbeat } from './heartbeat';
import { withLock } from './lock';
import { ensureDir, lockFile, logFile } from './paths';
import { runLoggedWithRetry } from './run-logged';
import { spawnServer } from './spawn-server';
import type { InfraComponent, InfraComponentName, InfraContext } from './types';

const PACKAGE = 'maildev@3.0.0';
const INSTALL_STEP = `npm install ${PACKAGE}`;

/** Where one MailDev listens: SMTP for the services, web UI and REST API (`/api/email`) for people and tests. */
export interface MaildevCopy {
  name: Extract<InfraComponentName, 'maildev' | 'maildev-test'>;
  smtpPort: number;
  webPort: number;
  /** Set: someone else runs this copy; its web address (the SMTP port is then theirs to tell). */
  externalVar: string;
}

/**
 * Two copies, so mail of the `npm start` platform and mail of the tests never share an inbox: `maildev`
 * for the dev profile, `maildev-test` for component and end-to-end tests (which may clear theirs).
 */
export const MAILDEV_COPIES = {
  dev: { name: 'maildev', smtpPort: 1025, webPort: 1080, externalVar: 'MAILDEV_URL' },
  test: { name: 'maildev-test', smtpPort: 11025, webPort: 11080, externalVar: 'MAILDEV_TEST_URL' },
} as const satisfies Record<string, MaildevCopy>;

/** The web UI and REST API of a copy (an external one's address when its variable is set). */
export function maildevWebUrl(copy: MaildevCopy, env: NodeJS.ProcessEnv = process.env): string {
  const external = env[copy.externalVar]?.trim();
  return external ? external.replace(/\/+$/, '') : `http://127.0.0.1:${copy.webPort}`;
}

function cacheDir(env: NodeJS.ProcessEnv): string {
  return cacheDirFor(env, 'maildev', [], PACKAGE);
}

/** The npm package into the cache folder once; both copies share it, so one lock guards the install. */
function install(ctx: InfraContext): Promise<void> {
  return withLock(lockFile(ctx.env, 'maildev-install'), { timeoutMs: 10 * 60_000 }, () => installOnce(ctx));
}

/** The marker is written last, so a half-installed folder is never trusted. */
async function installOnce(ctx: InfraContext): Promise<void> {
  const dir = ensureDir(cacheDir(ctx.env));
  const marker = join(dir, 'complete');
  if (existsSync(marker)) return;
  const log = logFile(ctx.env, 'maildev-install');
  say(ctx, 'maildev', `installing ${PACKAGE} with npm (first run, ~30 s)…`);
  const started = Date.now();
  const args = ['install', '--no-audit', '--no-fund', '--omit=dev', '--prefix', dir, PACKAGE];
  try {
    await withHeartbeat(
      (elapsed) => say(ctx, 'maildev', `still installing (${elapsed})…`),
      () =>
        runLoggedWithRetry(
          { command: 'npm', args, logFile: log },
          {
            attempts: 3,
            onRetry: (n, why) => say(ctx, 'maildev', `attempt ${n} failed (${why}); retrying…`),
          },
        ),
    );
    writeFileSync(marker, `${new Date().toISOString()}\n`);
  } catch (err) {
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    throw stepFailed('maildev', 'install', INSTALL_STEP, log, err);
  }
  say(ctx, 'maildev', `installed in ${seconds(Date.now() - started)}`);
}

/** Answers when MailDev's own health route does (`GET /api/healthz`). */
export async function probeMaildevWeb(url: string, timeoutMs: number): Promise<void> {
  const response = await fetch(`${url}/api/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`GET ${url}/api/healthz answered ${response.status}`);
}

function maildevComponent(copy: MaildevCopy): InfraComponent {
  const launch = (ctx: InfraContext): Promise<number> => {
    const bin = join(cacheDir(ctx.env), 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
    // Mail is kept in memory (a restart empties the inbox), bounded so a long-lived copy cannot grow forever.
    const args = [bin, '--smtp', String(copy.smtpPort), '--ip', '127.0.0.1'];
    args.push('--web', String(copy.webPort), '--web-ip', '127.0.0.1', '--max-emails', '20000', '--silent');
    return spawnServer(ctx, copy.name, 'spawn maildev', process.execPath, args);
  };
  return {
    name: copy.name,
    readyTimeoutMs: 20_000,
    stopTimeoutMs: 10_000,
    // The SMTP port tells the two copies apart in a command line.
    processMarker: `--smtp ${copy.smtpPort}`,
    startHint: 'node, ~1 s',
    address: () =>
      componentMode(copy.name, process.env) === 'external'
        ? maildevWebUrl(copy)
        : `smtp 127.0.0.1:${copy.smtpPort}, web ${maildevWebUrl(copy)}`,
    probe: (_urls, timeoutMs) => probeMaildevWeb(maildevWebUrl(copy), timeoutMs),
    installedAt: cacheDir,
    install,
    launch,
  };
}

export const maildev = maildevComponent(MAILDEV_COPIES.dev);
export const maildevTest = maildevComponent(MAILDEV_COPIES.test);
