import { execFileSync, spawn } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { isReplicaReady, PROFILES, type ProcessName, processPid, SERVICES } from '@travel/local-deploy';
import type { Outcome } from './faults';

// Outages of a shared dependency under load (issue 41), made without stopping anything another worktree or
// engineer started: the infrastructure is frozen in place (SIGSTOP, found by its port), a service's store is cut
// at a relay of the test's own, the e2e stack's own processes are stopped. Every helper can undo what it did.

/** The pid listening on a local TCP port (`ss`), whoever started that server. */
export function listenerPid(port: number): number {
  const line = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(line)?.[1];
  if (!pid) throw new Error(`nothing listens on port ${port}: ${line}`);
  return Number(pid);
}

export interface Frozen {
  /** SIGCONT, at once (also done by a detached watchdog if the test dies first). */
  resume(): void;
}

/**
 * SIGSTOP the server on `port`: its sockets stay open and nothing answers, the harder case of a dependency being
 * down (a refused connection fails fast by itself). A detached `kill -CONT` runs after `forMs` plus a margin in
 * any case, so a test killed meanwhile never leaves shared infrastructure frozen.
 */
export function freeze(port: number, forMs: number): Frozen {
  const pid = listenerPid(port);
  const watchdog = spawn('sh', ['-c', `sleep ${Math.ceil(forMs / 1000) + 30}; kill -CONT ${pid}`], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();
  process.kill(pid, 'SIGSTOP');
  let resumed = false;
  return {
    resume() {
      if (resumed) return;
      resumed = true;
      process.kill(pid, 'SIGCONT');
      if (watchdog.pid) process.kill(watchdog.pid, 'SIGTERM');
    },
  };
}

export interface StoreRelay {
  port: number;
  /** The store gone for whoever uses the relay: the listener closed and every connection cut (RST). */
  cut(): Promise<void>;
  /** Listening again on the same port, forwarding as before. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay to the store on 127.0.0.1: a service given the relay's address as its `MONGO_URL` loses its store
 * when the relay is cut, while the store itself keeps serving every other service (one service's store down).
 */
export async function startStoreRelay(target: { host: string; port: number }): Promise<StoreRelay> {
  const sockets = new Set<Socket>();
  const relay = (client: Socket) => {
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };
  let server: Server = createServer(relay);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const port = await listen(0);
  const cut = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.resetAndDestroy();
    });
  };
  return {
    port,
    cut,
    async restore() {
      server = createServer(relay);
      await listen(port);
    },
    close: cut,
  };
}

/**
 * A store URL with the relay's address instead of the store's (options and database kept), and
 * `directConnection=true`: the store is a one-member replica set that names itself in `hello`, and without it the
 * driver would go to the address the store names instead of the relay.
 */
export function viaRelay(mongoUrl: string, relayPort: number): string {
  const url = mongoUrl.replace(/^(mongodb:\/\/(?:[^@/]*@)?)[^/?,]+/, `$1127.0.0.1:${relayPort}`);
  return `${url}${url.includes('?') ? '&' : url.includes('/', 'mongodb://'.length) ? '?' : '/?'}directConnection=true`;
}

/** The host and port of a single-host `mongodb://` URL. */
export function storeAddress(mongoUrl: string): { host: string; port: number } {
  const match = /^mongodb:\/\/(?:[^@/]*@)?([^/?,:]+):(\d+)/.exec(mongoUrl);
  if (!match) throw new Error(`not a single-host mongodb:// URL: ${mongoUrl}`);
  return { host: match[1] as string, port: Number(match[2]) };
}

/** SIGTERM one process of the e2e stack and wait until it has exited (a stopped replica, not a crash). */
export async function stopProcess(name: ProcessName): Promise<void> {
  const pid = processPid(process.env, PROFILES.e2e, name);
  if (pid === undefined) return;
  process.kill(pid, 'SIGTERM');
  const started = Date.now();
  while (processPid(process.env, PROFILES.e2e, name) !== undefined) {
    if (Date.now() - started > 15_000) throw new Error(`${name} did not exit within 15 s of SIGTERM`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A readiness probe's answer that was not "ready", from a process that was supposed to be. */
export interface Unready {
  process: string;
  at: number;
}

export interface ReadinessWatch {
  stop(): Promise<{ probes: number; unready: Unready[] }>;
}

/**
 * Asks every process of the e2e stack what Kubernetes would ask (`GET /api/ready` of the gateway, grpc.health `''`
 * of each service) every `everyMs`, as the probes would while the outage lasts; `except` are the processes the
 * test stopped itself.
 */
export function watchReadiness(except: readonly ProcessName[] = [], everyMs = 2000): ReadinessWatch {
  const processes = (['gateway', ...SERVICES] as ProcessName[]).filter((name) => !except.includes(name));
  const unready: Unready[] = [];
  let probes = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const round = await Promise.all(processes.map((name) => isReplicaReady(PROFILES.e2e, name)));
      probes++;
      round.forEach((ready, i) => {
        if (!ready) unready.push({ process: processes[i] as string, at: Date.now() });
      });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { probes, unready };
    },
  };
}

/** The p50 and p99 of how long the partner calls took, in ms, per kind and over all. */
export function latencies(outcomes: Outcome[]): Record<string, { n: number; p50: number; p99: number }> {
  const of = (list: Outcome[]) => {
    const sorted = list.map((o) => o.ms).sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    return { n: sorted.length, p50: at(0.5), p99: at(0.99) };
  };
  const kinds = [...new Set(outcomes.map((o) => o.kind))];
  return Object.fromEntries([
    ['all', of(outcomes)],
    ...kinds.map((kind) => [kind, of(outcomes.filter((o) => o.kind === kind))]),
  ]);
}
