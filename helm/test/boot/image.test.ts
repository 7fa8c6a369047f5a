import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from '@travel/testkit';
import { parse, stringify } from 'yaml';
import {
  type BootedProcess,
  bootValues,
  mountedSecretFolders,
  onThisMachine,
  startProcess,
} from '../support/boot';
import { HELM_BUILD_TIMEOUT_MS, helm, ofKind, packageDirOf, render, repoRoot } from '../support/chart';
import { resolveProcesses } from '../support/process-env';

// What the Dockerfile's runtime stage holds, made here the way the build stage makes it (pnpm deploy --prod
// of one process's package, then sources removed), and run the way the chart runs it: `node dist/main.js` from
// that folder, as PID of its own, with the gateway's rendered environment. Then SIGTERM with a request in
// flight: node handles the signal itself (no shell or init in between), the request is answered, and the
// process exits 0 within its 10 s deadline.

const DEPLOY_TIMEOUT_MS = 5 * 60_000;
let out: string;
let gateway: BootedProcess | undefined;
let url: string;
const held: Socket[] = [];
/** A peer that accepts connections and never answers: a call to it lasts until its deadline. */
const silent = createServer((socket) => void held.push(socket));

beforeAll(async () => {
  await helm();
  out = mkdtempSync(join(tmpdir(), 'image-gateway-'));
  // The Dockerfile's step, verbatim but for the folder.
  execFileSync('pnpm', ['--filter', '@travel/gateway', 'deploy', '--prod', '--prefer-offline', out], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  for (const left of ['src', 'test', 'tsconfig.json'])
    rmSync(join(out, left), { recursive: true, force: true });
}, HELM_BUILD_TIMEOUT_MS + DEPLOY_TIMEOUT_MS);

afterAll(async () => {
  if (gateway && gateway.child.exitCode === null && gateway.child.signalCode === null)
    gateway.child.kill('SIGKILL');
  await gateway?.exited;
  for (const socket of held) socket.destroy();
  silent.close();
  rmSync(out, { recursive: true, force: true });
});

describe('the gateway image contents', () => {
  it('when deployed for production, then it holds dist and the OpenAPI documents, and no dev dependency', () => {
    expect(existsSync(join(out, 'dist', 'main.js'))).toBe(true);
    expect(existsSync(join(out, 'openapi'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(packageDirOf('gateway'), 'package.json'), 'utf8'));
    for (const dev of Object.keys(manifest.devDependencies ?? {}))
      expect({ dev, present: existsSync(join(out, 'node_modules', dev)) }).toEqual({ dev, present: false });
    for (const dependency of Object.keys(manifest.dependencies))
      expect({ dependency, present: existsSync(join(out, 'node_modules', dependency)) }).toEqual({
        dependency,
        present: true,
      });
  });

  it('when started as the chart starts it and sent SIGTERM with a request in flight, then the request is answered and node exits 0 within 10 s', async () => {
    silent.listen(await freePort(), '127.0.0.1');
    await once(silent, 'listening');
    const silentPort = (silent.address() as { port: number }).port;
    const install = bootValues();
    // This copy's own gateway and metrics ports (chart-boots may run beside it), identity at the silent peer, and a
    // 3 s wait for an access lookup: a partner call with a key the gateway has not seen is a slow request.
    const values = parse(readFileSync(install.valuesFile, 'utf8'));
    values.processes.gateway.port = await freePort();
    values.processes.gateway.metricsPort = await freePort();
    values.processes.identity.port = silentPort;
    values.gateway.accessLookupDeadlineMs = 3000;
    writeFileSync(install.valuesFile, stringify(values));
    const docs = render([install.valuesFile]);
    const resolved = resolveProcesses(docs).find((p) => p.name === 'gateway');
    if (!resolved) throw new Error('no gateway rendered');
    // The pod's mounted certificate folders (GRPC_TLS_DIR, PAYMENT_WEBHOOKS_TLS_DIR) written here as the kubelet would.
    const env = {
      ...onThisMachine(
        resolved,
        ofKind(docs, 'Service').map((s) => s.metadata.name),
      ),
      ...mountedSecretFolders(docs, resolved, join(out, 'mounts')),
    };
    expect(env.NODE_ENV).toBe('production');
    gateway = startProcess(resolved, env, out);
    url = `http://127.0.0.1:${env.HTTP_PORT}`;
    await waitFor(
      async () => {
        expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );

    const started = Date.now();
    const unknownKey = `ptk_live_${'a'.repeat(32)}`;
    const inFlight = fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${unknownKey}` } }).then(
      async (res) => ({ status: res.status, at: Date.now() }),
    );
    // The request is in the gateway now, its key's lookup waiting on the silent identity for 3 s.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(held.length).toBeGreaterThan(0);
    const sent = Date.now();
    gateway.child.kill('SIGTERM');
    const answer = await inFlight;
    const exit = await gateway.exited;

    // Answered (identity never answered the lookup: 503), not dropped by the stop.
    expect(answer.status).toBe(503);
    expect(answer.at - started).toBeGreaterThanOrEqual(2500);
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(exit.at).toBeGreaterThanOrEqual(answer.at);
    expect(exit.at - sent).toBeLessThan(10_000);
  });
});
