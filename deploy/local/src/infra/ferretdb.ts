import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheDirFor } from './cache';
import { hostsOf } from './config';
import { say } from './context';
import { stepFailed } from './errors';
import { seconds, withHeartbeat } from './heartbeat';
import { dataDir, ensureDir, logFile, packageRoot } from './paths';
import { pingMongo } from './probes';
import { runLoggedWithRetry } from './run-logged';
import { spawnServer } from './spawn-server';
import type { InfraComponent, InfraContext } from './types';

const NAME = 'ferretdb';
const LISTEN = '127.0.0.1:27017';
const SOURCE_DIR = join(packageRoot, 'ferretdb');
const INPUTS = ['go.mod', 'go.sum', 'main.go'].map((file) => join(SOURCE_DIR, file));

function binaryPath(env: NodeJS.ProcessEnv): string {
  return join(cacheDirFor(env, NAME, INPUTS), 'ferretdb-local');
}

async function install(ctx: InfraContext): Promise<void> {
  const binary = binaryPath(ctx.env);
  if (existsSync(binary)) return;
  const log = logFile(ctx.env, `${NAME}-install`);
  // Build next to the target and rename, so an interrupted build never looks finished.
  const tmp = `${binary}.tmp-${process.pid}`;
  ensureDir(dirname(binary));
  say(ctx, NAME, 'building FerretDB 1.24.2 with go (first run, ~2 min)…');
  const started = Date.now();
  try {
    await withHeartbeat(
      (elapsed) => say(ctx, NAME, `still building (${elapsed})…`),
      () =>
        runLoggedWithRetry(
          { command: 'go', args: ['build', '-trimpath', '-o', tmp, '.'], cwd: SOURCE_DIR, logFile: log },
          { attempts: 3, onRetry: (n, why) => say(ctx, NAME, `attempt ${n} failed (${why}); retrying…`) },
        ),
    );
    renameSync(tmp, binary);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw stepFailed(NAME, 'install', 'go build', log, err);
  }
  say(ctx, NAME, `built in ${seconds(Date.now() - started)}`);
}

async function launch(ctx: InfraContext): Promise<number> {
  const dir = ensureDir(dataDir(ctx.env, NAME));
  const args = ['-listen', LISTEN, '-dir', dir, '-log-level', 'error'];
  return spawnServer(ctx, NAME, 'spawn ferretdb-local', binaryPath(ctx.env), args);
}

export const ferretdb: InfraComponent = {
  name: NAME,
  readyTimeoutMs: 10_000,
  stopTimeoutMs: 10_000,
  processMarker: 'ferretdb-local',
  startHint: 'SQLite backend, ~1 s',
  address: (urls) => hostsOf(urls.mongoUrl),
  probe: (urls, timeoutMs) => pingMongo(urls.mongoUrl, timeoutMs),
  installedAt: binaryPath,
  install,
  launch,
};
