import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEMO_ADMIN,
  docker,
  gatewayUrl,
  offerKeysFor,
  PROFILES,
  type ProcessSpec,
  peerTlsFor,
  processImageName,
  processSpecs,
  repoRoot,
  resolveInfraUrls,
  SERVICES,
} from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { expectAllServing, platformHealth } from '../support/gateway';
import { expectSearchBookAndSignedWebhook } from '../support/journey';
import {
  chartSettings,
  containerName,
  imagesRun,
  inContainerPaths,
  inspect,
  logTail,
  nodeIn,
  readablePeerTls,
  runContainer,
  runMigration,
  saveLogs,
} from './containers';

// The platform booted from its images: every process of the launcher's `images` profile (the gateway and
// twelve services, with the environment the launcher gives them) runs as a container of its image, the way
// the chart runs its pods (host network, uid 1000, read-only root filesystem, no capabilities), against this
// machine's store, Kafka, Redis and MailDev. Then a search, a booking and a signed webhook delivery through
// the gateway, and `docker stop` of every container.
//
// The images set NODE_ENV=production, and the containers keep it, with three differences from the launcher's
// environment that production asks for: identity gets the administrator's password (required in production)
// and hashes passwords at production's cost (the test profiles' cheaper PASSWORD_SCRYPT_LOG_N is refused in
// production), and the webhook service runs with NODE_ENV=development, because production refuses webhook
// targets on loopback (the SSRF rules) and the only receiver this machine may run is on 127.0.0.1.

const profile = PROFILES.images;
const gateway = gatewayUrl(profile);
let specs: ProcessSpec[] = [];
/** What each service's migration printed (its report, one JSON line). */
const migrations: string[] = [];
const hasMigration = (spec: ProcessSpec) =>
  existsSync(join(repoRoot, 'services', spec.name, 'dist', 'commands', 'migrate.js'));

function containerEnv(spec: ProcessSpec): Record<string, string> {
  if (spec.name === 'identity') {
    const { PASSWORD_SCRYPT_LOG_N: _testCost, ...env } = spec.env;
    return { ...env, ADMIN_PASSWORD: DEMO_ADMIN.password };
  }
  if (spec.name === 'webhook') return { ...spec.env, NODE_ENV: 'development' };
  return spec.env;
}

async function removeContainers(): Promise<void> {
  const { host, label } = imagesRun();
  const ids = (await docker(host, ['ps', '-aq', '--filter', `label=${label}`])).trim();
  if (ids) await docker(host, ['rm', '--force', ...ids.split('\n')]);
}

/** Fails at once, with its last lines, when a container has exited. */
async function expectRunning(name: string): Promise<void> {
  const state = await inspect(containerName(name), '{{.State.Status}} {{.State.ExitCode}}');
  if (!state.startsWith('running')) throw new Error(`${name} is ${state}:\n${await logTail(name)}`);
}

beforeAll(async () => {
  await removeContainers();
  // Each container gets its own certificate folder, as the chart mounts one Secret per process.
  const peerTlsRoot = await peerTlsFor(process.env, profile);
  specs = processSpecs(profile, resolveInfraUrls(process.env), {
    ...offerKeysFor(process.env, profile),
    peerTlsRoot,
  });
  const mounted = readablePeerTls(peerTlsRoot);
  // The index migrations first, each from its service's image, as the chart's hook Job runs them.
  for (const spec of specs.filter(hasMigration))
    migrations.push(await runMigration(spec, containerEnv(spec)));
  // The services first, then the gateway, as the launcher starts them.
  for (const spec of specs)
    await runContainer(spec, inContainerPaths(containerEnv(spec), peerTlsRoot), mounted);
  // The support helpers of the e2e suites call the gateway named here.
  process.env.E2E_GATEWAY_URL = gateway;
  await waitFor(
    async () => {
      for (const spec of specs) await expectRunning(spec.name);
      expect((await fetch(`${gateway}/api/ready`)).status).toBe(200);
      // Ready is the gateway alone; the platform's health asks every service.
      expectAllServing(await platformHealth());
    },
    { timeoutMs: 180_000, intervalMs: 1_000 },
  );
}, 240_000);

afterAll(async () => {
  for (const spec of specs) saveLogs(spec.name);
  await removeContainers();
});

describe('the platform run from its images', () => {
  it('when every process runs as a container of its image, then the gateway reports all SERVING', async () => {
    expect(specs.map((s) => s.name).sort()).toEqual(['gateway', ...SERVICES].sort());
    expectAllServing(await platformHealth());
    // Every service but search (no database) migrated its own from its image before it started.
    expect(migrations).toHaveLength(SERVICES.length - 1);
    for (const line of migrations) {
      const report = JSON.parse(line) as { created: string[]; unchanged: number };
      expect(report.created.length + report.unchanged).toBeGreaterThan(0);
    }
  });

  it('when an image is inspected and its container probed, then it runs node as uid 1000 and its root filesystem refuses writes', async () => {
    const { tag } = imagesRun();
    for (const spec of specs) {
      const image = processImageName(spec.name, tag);
      expect({ image, user: await inspect(image, '{{.Config.User}}') }).toEqual({ image, user: '1000:1000' });
      expect(await inspect(image, '{{json .Config.Entrypoint}}')).toBe('["node","dist/main.js"]');
      expect(await nodeIn(spec.name, 'process.stdout.write(process.getuid() + ":" + process.getgid())')).toBe(
        '1000:1000',
      );
      // Read-only even where uid 1000 could write (its home), and /tmp is the one writable place.
      await expect(nodeIn(spec.name, "require('fs').writeFileSync('/home/node/probe', 'x')")).rejects.toThrow(
        /EROFS/,
      );
      await expect(nodeIn(spec.name, "require('fs').writeFileSync('/app/probe', 'x')")).rejects.toThrow(
        /EROFS|EACCES/,
      );
      await expect(nodeIn(spec.name, "require('fs').writeFileSync('/tmp/probe', 'x')")).resolves.toBe('');
    }
  });

  it('when a partner searches, books and has a webhook endpoint, then the booking is made and booking.created is delivered, signed', async () => {
    await expectSearchBookAndSignedWebhook(gateway, DEMO_ADMIN);
  });

  it('when every container is stopped (SIGTERM), then each exits 0 within the chart grace period', async () => {
    const { host } = imagesRun();
    const grace = chartSettings().defaults.terminationGracePeriodSeconds;
    const stops = await Promise.all(
      specs.map(async (spec) => {
        const sent = Date.now();
        // docker stop sends SIGTERM, then SIGKILL after the grace period (exit code 137).
        await docker(host, ['stop', '--time', String(grace), containerName(spec.name)], {
          timeoutMs: (grace + 30) * 1000,
        });
        return { name: spec.name, ms: Date.now() - sent };
      }),
    );
    for (const s of stops)
      process.stderr.write(`[images] ${s.name}: stopped in ${(s.ms / 1000).toFixed(1)} s\n`);
    for (const { name } of stops)
      expect({
        name,
        exit: await inspect(containerName(name), '{{.State.ExitCode}} {{.State.OOMKilled}}'),
      }).toEqual({
        name,
        exit: '0 false',
      });
  });
});
