import { readFileSync, statSync } from 'node:fs';
import {
  gatewayUrl,
  type LaunchedPlatform,
  launchPlatform,
  PROFILES,
  type ProcessRef,
  parseReplicas,
  processLogFile,
  processPid,
  replicaLabel,
  restartProcess,
  SERVICES,
  waitReplicaReady,
} from '@travel/local-deploy';

// The rolling-restart test's own stack (profile `rollout`: gateway 38080, gRPC 35051+, metrics 39450+, databases
// `rollout_*`, Kafka `rollout.`, Redis `rollout:rl`): two replicas of every service and two gateways, replica k on
// 127.0.0.k. It runs beside the e2e stack and never touches it.

export const ROLLOUT = PROFILES.rollout;
export const REPLICAS = 2;

const env = process.env;

export function launchRolloutStack(): Promise<LaunchedPlatform> {
  return launchPlatform({
    profile: ROLLOUT,
    replicas: parseReplicas(String(REPLICAS)),
    log: (line) => process.stderr.write(`${line}\n`),
    timeoutMs: 240_000,
  });
}

export const gatewayUrls = (): string[] =>
  Array.from({ length: REPLICAS }, (_, i) => gatewayUrl(ROLLOUT, i + 1));

/** Every replica in the order a rolling update of each Deployment takes them: each service's, then the gateways. */
export function rollingOrder(): ProcessRef[] {
  const replicas = (name: ProcessRef['name']) =>
    Array.from({ length: REPLICAS }, (_, i) => ({ name, replica: i + 1 }));
  return [...SERVICES.flatMap(replicas), ...replicas('gateway')];
}

/**
 * A Deployment's `minReadySeconds`: the roll moves on only once the new replica has been ready this long, so every
 * client has reconnected to it (their reconnect backoff is at most 1 s) before the next replica goes.
 */
const MIN_READY_MS = 2000;

/** What one replica's turn of the roll took, and whether it drained within the shutdown deadline. */
export interface RollStep {
  replica: string;
  /** When it was sent SIGTERM (ISO time), to read failures against. */
  at: string;
  exitMs: number;
  readyMs: number;
  /** The process logged that its shutdown deadline passed (in-flight work cut off). */
  deadlinePassed: boolean;
}

/**
 * One replica's turn, as a Deployment's rolling update does it: SIGTERM (it reports NOT_SERVING, or the gateway
 * fails readiness and drains, and finishes what is in flight), wait for it to exit on its own, start it again on
 * its address, and wait until it is ready (and `MIN_READY_MS` more) before the roll moves on.
 */
export async function rollReplica(ref: ProcessRef): Promise<RollStep> {
  const pid = processPid(env, ROLLOUT, ref);
  if (pid === undefined) throw new Error(`${replicaLabel(ref)} is not running`);
  const log = processLogFile(env, ROLLOUT, ref);
  const logFrom = statSync(log).size;
  const stopped = Date.now();
  const at = new Date(stopped).toISOString();
  process.kill(pid, 'SIGTERM');
  await exitOf(ref, pid, 30_000);
  const exitMs = Date.now() - stopped;
  const deadlinePassed = readFileSync(log).subarray(logFrom).includes('shutdown deadline passed');
  const started = Date.now();
  await restartProcess(env, ROLLOUT, ref);
  await waitReplicaReady(ROLLOUT, ref, {
    timeoutMs: 120_000,
    isDead: () => processPid(env, ROLLOUT, ref) === undefined,
  });
  const readyMs = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, MIN_READY_MS));
  return { replica: replicaLabel(ref), at, exitMs, readyMs, deadlinePassed };
}

async function exitOf(ref: ProcessRef, pid: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (processPid(env, ROLLOUT, ref) === undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${replicaLabel(ref)} (pid ${pid}) did not exit within ${timeoutMs / 1000}s of SIGTERM`);
}
