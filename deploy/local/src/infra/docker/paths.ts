import { join } from 'node:path';
import { cacheRoot } from '../paths';

/** Where our private daemon keeps its files. */
export interface DaemonPaths {
  /** Image layers and containers: in the cache, so a second run has every image already. */
  dataRoot: string;
  /** Sockets, pid file, state: a short path, since a unix socket's path has a limit of 107 bytes. */
  runDir: string;
  execRoot: string;
  socket: string;
  pidFile: string;
  configFile: string;
  /** One file per process using the daemon; the last one to leave stops it. */
  usersDir: string;
  lock: string;
}

/**
 * One private daemon per machine (not per checkout): every worktree and test run shares its socket and
 * its layer cache. TRAVEL_DOCKER_RUN_DIR moves the run folder.
 */
export function daemonPaths(env: NodeJS.ProcessEnv): DaemonPaths {
  const runDir = env.TRAVEL_DOCKER_RUN_DIR || '/run/partner-travel-docker';
  return {
    dataRoot: join(cacheRoot(env), 'docker', 'data'),
    runDir,
    execRoot: join(runDir, 'exec'),
    socket: join(runDir, 'docker.sock'),
    pidFile: join(runDir, 'dockerd.pid'),
    configFile: join(runDir, 'daemon.json'),
    usersDir: join(runDir, 'users'),
    lock: join(runDir, 'start.lock'),
  };
}
