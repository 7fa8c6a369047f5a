import { hostsOf } from './config';
import { say } from './context';
import { stepFailed } from './errors';
import { seconds, withHeartbeat } from './heartbeat';
import { dataDir, ensureDir, logFile } from './paths';
import { pingRedis } from './probes';
import { runLoggedWithRetry } from './run-logged';
import { spawnServer } from './spawn-server';
import type { InfraComponent, InfraContext } from './types';
import { which } from './which';

const NAME = 'redis';
const PORT = '6379';
const APT_STEP = 'apt-get install redis-server';

/** Debian's package is the cache here: once installed it stays on PATH. */
async function install(ctx: InfraContext): Promise<void> {
  if (which('redis-server', ctx.env)) return;
  const log = logFile(ctx.env, `${NAME}-install`);
  if (process.getuid?.() !== 0) {
    throw stepFailed(
      NAME,
      'install',
      APT_STEP,
      log,
      new Error('redis-server is not on PATH and we are not root'),
    );
  }
  say(ctx, NAME, 'installing redis-server with apt-get (first run, ~30 s)…');
  const started = Date.now();
  try {
    await withHeartbeat(
      (elapsed) => say(ctx, NAME, `still installing (${elapsed})…`),
      () =>
        runLoggedWithRetry(
          {
            command: 'sh',
            args: ['-c', 'apt-get update -qq && apt-get install -y -qq redis-server'],
            env: { ...ctx.env, DEBIAN_FRONTEND: 'noninteractive' },
            logFile: log,
          },
          { attempts: 3, onRetry: (n, why) => say(ctx, NAME, `attempt ${n} failed (${why}); retrying…`) },
        ),
    );
  } catch (err) {
    throw stepFailed(NAME, 'install', APT_STEP, log, err);
  }
  say(ctx, NAME, `installed in ${seconds(Date.now() - started)}`);
}

async function launch(ctx: InfraContext): Promise<number> {
  const dir = ensureDir(dataDir(ctx.env, NAME));
  // Not daemonized: as our detached child its pid is known and its stdout lands in our log file.
  const args = ['--bind', '127.0.0.1', '--port', PORT, '--save', '', '--appendonly', 'no'];
  args.push('--dir', dir, '--daemonize', 'no', '--logfile', '', '--protected-mode', 'yes');
  return spawnServer(ctx, NAME, 'spawn redis-server', 'redis-server', args);
}

export const redis: InfraComponent = {
  name: NAME,
  readyTimeoutMs: 10_000,
  stopTimeoutMs: 10_000,
  processMarker: 'redis-server',
  startHint: 'redis-server, ~1 s',
  address: (urls) => hostsOf(urls.redisUrl),
  probe: (urls, timeoutMs) => pingRedis(urls.redisUrl, timeoutMs),
  installedAt: (env) => which('redis-server', env) ?? 'not installed',
  install,
  launch,
};
