import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@travel/testkit';
import { expectAllServing, platformHealth } from '../../../test/support/gateway';
import { expectSearchBookAndSignedWebhook } from '../../../test/support/journey';
import {
  BOOT_GATEWAY_PORT,
  type BootedProcess,
  bootValues,
  mountedSecretFolders,
  onThisMachine,
  startProcess,
} from '../support/boot';
import { HELM_BUILD_TIMEOUT_MS, helm, ofKind, packageDirOf, render } from '../support/chart';
import { type ResolvedProcess, resolveMigrations, resolveProcesses } from '../support/process-env';

// The chart boots the platform: rendered with a values file pointed at this machine's store, Kafka and Redis,
// each Deployment's command and environment are taken exactly as rendered (ConfigMap and Secret resolved),
// the processes started with them, and a search, a booking and a webhook delivery driven through the gateway.
// A chart whose config cannot boot a process fails here: a process exits at start on a missing or wrong variable.
//
// What differs from a cluster, and only this: Service DNS names map to 127.0.0.1 (same ports) and 0.0.0.0
// listeners to loopback; each service's probe port is its gRPC port + 100 (in a cluster each pod has its own
// address); the Secrets a pod mounts (the processes' certificates) are written to folders that the variables then
// name; and the webhook service runs with NODE_ENV=development instead of the chart's production, because production refuses webhook targets on loopback or private addresses (the SSRF rules)
// and the only receiver this machine may run is on 127.0.0.1. Every other process runs with NODE_ENV=production.

const gatewayUrl = `http://127.0.0.1:${BOOT_GATEWAY_PORT}`;
const booted: BootedProcess[] = [];
let processes: ResolvedProcess[];
/** How each container of the index migrations Job ended, run before any process as helm's hook runs it. */
const migrations: { name: string; code: number | null }[] = [];
let admin: { email: string; password: string };

beforeAll(async () => {
  await helm();
  const install = bootValues();
  admin = install.admin;
  const docs = render([install.valuesFile]);
  processes = resolveProcesses(docs);
  const serviceNames = ofKind(docs, 'Service').map((s) => s.metadata.name);
  // The hook Job first: each container's command and environment as rendered, run to its end, all at once.
  const jobs = resolveMigrations(docs).map((resolved) => ({
    name: resolved.name,
    // Its own log file (.local/logs/helm-boot-<process>-migration.log), from the process's package.
    run: startProcess(
      { ...resolved, name: `${resolved.name}-migration` },
      onThisMachine(resolved, []),
      packageDirOf(resolved.name),
    ),
  }));
  for (const job of jobs) migrations.push({ name: job.name, code: (await job.run.exited).code });
  // The processes' certificates, which the chart made (peerTls.mode generate), as their pods would mount them.
  const mounts = mkdtempSync(join(tmpdir(), 'helm-boot-mounts-'));
  for (const resolved of processes) {
    if (resolved.externalSecrets.length > 0)
      throw new Error(
        `${resolved.name} reads Secrets the test gives no value: ${JSON.stringify(resolved.externalSecrets)}`,
      );
    const env = { ...onThisMachine(resolved, serviceNames), ...mountedSecretFolders(docs, resolved, mounts) };
    if (resolved.name === 'webhook') env.NODE_ENV = 'development';
    booted.push(startProcess(resolved, env));
  }
  // The support helpers of the e2e suites call the gateway named here.
  process.env.E2E_GATEWAY_URL = gatewayUrl;
  await waitFor(
    async () => {
      for (const p of booted) {
        if (p.child.exitCode !== null)
          throw new Error(`${p.name} exited with ${p.child.exitCode}: see ${p.log}`);
      }
      const res = await fetch(`${gatewayUrl}/api/ready`);
      expect(res.status).toBe(200);
    },
    { timeoutMs: 180_000, intervalMs: 500 },
  );
}, HELM_BUILD_TIMEOUT_MS);

afterAll(async () => {
  for (const p of booted)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(booted.map((p) => p.exited));
});

describe('the platform booted from the rendered chart', () => {
  it('when the index migrations Job is run as rendered before the processes, then each of its containers exits 0', () => {
    const owners = processes.filter((p) => p.env.MONGO_DATABASE).map((p) => p.name);
    expect(migrations).toEqual(owners.sort().map((name) => ({ name, code: 0 })));
  });

  it('when started with the rendered commands and environments, then every process is up and the gateway reports all SERVING', async () => {
    expect(booted.map((p) => p.name).sort()).toEqual(processes.map((p) => p.name).sort());
    expect(processes.filter((p) => p.name !== 'webhook').every((p) => p.env.NODE_ENV === 'production')).toBe(
      true,
    );
    // Ready is the gateway alone (it serves once started); the report says when every service has started too.
    await waitFor(async () => expectAllServing(await platformHealth(admin)), {
      timeoutMs: 60_000,
      intervalMs: 500,
    });
  });

  it('when a partner searches, books and has a webhook endpoint, then the booking is made and booking.created is delivered, signed', async () => {
    await expectSearchBookAndSignedWebhook(gatewayUrl, admin);
  });

  it('when every process gets SIGTERM, then each drains and exits 0 within its 10 s deadline', async () => {
    const sent = Date.now();
    for (const p of booted) p.child.kill('SIGTERM');
    const exits = await Promise.all(booted.map(async (p) => ({ name: p.name, ...(await p.exited) })));
    for (const exit of exits) {
      expect({ name: exit.name, code: exit.code, signal: exit.signal }).toEqual({
        name: exit.name,
        code: 0,
        signal: null,
      });
      expect(exit.at - sent).toBeLessThan(10_000);
    }
  });
});
