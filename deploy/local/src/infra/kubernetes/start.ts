import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createContext, say } from '../context';
import { stepFailed } from '../errors';
import { seconds } from '../heartbeat';
import { dataDir, logFile, pidFile } from '../paths';
import { isAlive, spawnDetached, stopByPidFile } from '../process';
import { waitForReady } from '../readiness';
import type { InfraContext, InfraOptions } from '../types';
import { createKubeClient, type KubeClient } from './api';
import { type ControlPlaneComponent, type ControlPlaneLayout, controlPlaneComponents } from './components';
import { writeCredentials, writeKubeconfig } from './credentials';
import { probeComponent } from './health';
import { ensureKubernetes } from './install';
import { createFakeNodes, expectNodesReady } from './nodes';
import { KUBERNETES_PORTS, LOOPBACK } from './ports';

const NAME = 'kubernetes';
/** The API server's first start on a busy machine can take a while (it bootstraps its RBAC roles). */
const READY_TIMEOUT_MS = 120_000;

export interface ControlPlane {
  /** A kubeconfig with the admin token, for helm (`--kubeconfig`) and kubectl. */
  kubeconfig: string;
  server: string;
  token: string;
  /** The API server's serving certificate bundle, the root to trust. */
  caFile: string;
  api: KubeClient;
  /** Stops every process by its pid (SIGTERM, then SIGKILL after 10 s), in reverse start order. */
  stop(): Promise<void>;
}

const pidFileOf = (ctx: InfraContext, name: string) => pidFile(ctx.env, `${NAME}-${name}`);

/** Every binary is named after its component, so the name guards against a pid reused by another program. */
async function stopAll(ctx: InfraContext, names: readonly string[]): Promise<void> {
  for (const name of [...names].reverse()) await stopByPidFile(pidFileOf(ctx, name), { expect: name });
}

/** A port already taken means another control plane (or something else) holds our fixed ports. */
async function expectPortFree(port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new Error(`${LOOPBACK}:${port} is in use (${err.message})`)));
    server.listen(port, LOOPBACK, () => server.close(() => resolve()));
  });
}

async function launch(ctx: InfraContext, component: ControlPlaneComponent, token: string): Promise<void> {
  const log = logFile(ctx.env, `${NAME}-${component.name}`);
  const step = `${component.name} ${component.args.join(' ')}`;
  try {
    const pid = await spawnDetached({
      command: component.command,
      args: component.args,
      logFile: log,
      pidFile: pidFileOf(ctx, component.name),
    });
    await waitForReady({
      probe: (timeoutMs) => probeComponent(component, token, timeoutMs),
      timeoutMs: READY_TIMEOUT_MS,
      abortIf: () => (isAlive(pid) ? undefined : `${component.name} exited`),
    });
  } catch (err) {
    throw stepFailed(NAME, 'start', step.slice(0, 120), log, err);
  }
}

/**
 * A real Kubernetes control plane on loopback (docs/deploy.md, "How the chart is tested here"): etcd,
 * kube-apiserver, kube-controller-manager, kube-scheduler and kwok with three fake nodes in zones a, b and c,
 * built once (ensureKubernetes) and started with a fresh data folder, fresh keys and a fresh token. Pods are
 * scheduled and reported Running by kwok; no container runs and no address it allocates is routed.
 */
export async function startControlPlane(opts: InfraOptions = {}): Promise<ControlPlane> {
  const ctx = createContext(opts);
  const bin = await ensureKubernetes(opts);
  const started = Date.now();
  const names = ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'kwok'];
  // What a crashed run left behind is stopped by its pid files, then the ports must be free.
  await stopAll(ctx, names);
  for (const port of Object.values(KUBERNETES_PORTS)) await expectPortFree(port);
  const dir = dataDir(ctx.env, NAME);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const creds = writeCredentials(join(dir, 'credentials'));
  const server = `https://${LOOPBACK}:${KUBERNETES_PORTS.apiserver}`;
  const layout: ControlPlaneLayout = { dataDir: dir, kubeconfig: join(dir, 'kubeconfig'), creds };
  writeKubeconfig(layout.kubeconfig, server, creds);
  const api = createKubeClient({ server, token: creds.token, caFile: creds.caFile });
  const { store, apiserver, clients } = controlPlaneComponents(bin, layout);
  say(ctx, NAME, `starting etcd, kube-apiserver, controller manager, scheduler and kwok on ${LOOPBACK}…`);
  try {
    await launch(ctx, store, creds.token);
    await launch(ctx, apiserver, creds.token);
    await Promise.all(clients.map((component) => launch(ctx, component, creds.token)));
    await createFakeNodes(api);
    await waitForReady({ probe: () => expectNodesReady(api), timeoutMs: READY_TIMEOUT_MS });
  } catch (err) {
    await stopAll(ctx, names);
    throw err;
  }
  say(ctx, NAME, `control plane ready at ${server} in ${seconds(Date.now() - started)}`);
  return {
    kubeconfig: layout.kubeconfig,
    server,
    token: creds.token,
    caFile: creds.caFile,
    api,
    stop: async () => {
      await stopAll(ctx, names);
      say(ctx, NAME, 'control plane stopped');
    },
  };
}
