import { health } from '@travel/contracts';
import { createChannel, createClient } from 'nice-grpc';
import { consoleServerUrl, gatewayUrl, probePort, replicaHost, type StackProfile } from './profile';
import { type ProcessOrReplica, type ProcessRef, refOf, replicaLabel } from './replicas';

const PROBE_DEADLINE_MS = 2000;

/**
 * What a Kubernetes readiness probe asks one pod: the process's gRPC health (`""`) on its plaintext probe port
 * (a probe presents no certificate; docs/caller-trust.md, "Probes"), or the gateway's `/api/ready`.
 */
export async function isReplicaReady(profile: StackProfile, target: ProcessOrReplica): Promise<boolean> {
  const ref = refOf(target);
  if (ref.name === 'gateway') return httpReady(`${gatewayUrl(profile, ref.replica)}/api/ready`);
  // The console's web server: its `/health` (the chart's probes ask the same).
  if (ref.name === 'console') return httpReady(`${consoleServerUrl(profile)}/health`);
  return serviceServing(profile, ref);
}

async function httpReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(PROBE_DEADLINE_MS),
    });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

async function serviceServing(profile: StackProfile, ref: ProcessRef): Promise<boolean> {
  if (ref.name === 'gateway' || ref.name === 'console') return false;
  // Its own channel, to this replica only: a probe must not be balanced to another one.
  const channel = createChannel(`${replicaHost(profile, ref.replica)}:${probePort(profile, ref.name)}`);
  try {
    const client = createClient(health.HealthDefinition, channel);
    const { status } = await client.check(
      { service: '' },
      { signal: AbortSignal.timeout(PROBE_DEADLINE_MS) },
    );
    return status === health.HealthCheckResponse_ServingStatus.SERVING;
  } catch {
    return false;
  } finally {
    channel.close();
  }
}

/** Polls one replica until it is ready; fails early when `isDead` says the process has exited. */
export async function waitReplicaReady(
  profile: StackProfile,
  target: ProcessOrReplica,
  options: { timeoutMs: number; isDead?: () => boolean },
): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < options.timeoutMs) {
    if (options.isDead?.()) throw new Error(`${replicaLabel(target)} exited before it was ready`);
    if (await isReplicaReady(profile, target)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${replicaLabel(target)} not ready after ${options.timeoutMs / 1000}s`);
}
