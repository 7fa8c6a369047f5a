import { createWriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { GenericContainer, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { say } from '../infra/context';
import { type DockerHost, docker } from '../infra/docker/client';
import { errorText, InfraError } from '../infra/errors';
import { seconds } from '../infra/heartbeat';
import { displayPath, ensureDir, logFile } from '../infra/paths';
import { waitForReady } from '../infra/readiness';
import type { InfraContext } from '../infra/types';
import { ProbeWaitStrategy } from './probe-wait';
import { type TestServer, type TestServerName, testServerByName } from './servers';

/** Every container of the tier carries it, so a run that was killed is cleaned up by the next one. */
const TIER_LABEL = 'partner-travel.tier';
const TIER = 'component';

/** Where a test finds the container of a server, to stop and start it (fault tests). */
export const containerVar = (name: TestServerName): string => `TEST_${name.toUpperCase()}_CONTAINER`;

/**
 * testcontainers finds the daemon through DOCKER_HOST. Host networking has no mapped ports, so the host is
 * fixed and there is no reaper (Ryuk) container: the global teardown stops what the set-up started.
 */
export function pointTestcontainersAt(host: DockerHost, env: NodeJS.ProcessEnv): void {
  env.DOCKER_HOST = host.dockerHost;
  env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
}

/** Containers of an earlier run that never reached its teardown: they would hold the tier's ports. */
export async function removeLeftovers(ctx: InfraContext, host: DockerHost): Promise<void> {
  const ids = (await docker(host, ['ps', '-aq', '--filter', `label=${TIER_LABEL}=${TIER}`], { env: ctx.env }))
    .split('\n')
    .filter(Boolean);
  if (ids.length === 0) return;
  say(ctx, 'test-servers', `removing ${ids.length} container(s) left by an earlier run`);
  await docker(host, ['rm', '-f', ...ids], { env: ctx.env });
}

/** One server's container, its output in `.local/logs/component-<name>.log`, ready when its probe answers. */
export async function startContainer(
  ctx: InfraContext,
  server: TestServer,
  image: string,
): Promise<StartedTestContainer> {
  const log = logFile(ctx.env, `component-${server.name}`);
  ensureDir(dirname(log));
  const started = Date.now();
  say(ctx, server.name, `starting ${image}…`);
  const container = server
    .configure(new GenericContainer(image))
    .withName(`partner-travel-component-${server.name}`)
    .withLabels({ [TIER_LABEL]: TIER })
    .withNetworkMode('host')
    .withLogConsumer((stream) => stream.pipe(createWriteStream(log)))
    .withWaitStrategy(new ProbeWaitStrategy(server.probe))
    .withStartupTimeout(server.startupTimeoutMs);
  try {
    const running = await container.start();
    say(ctx, server.name, `ready on ${Object.values(server.env)[0]} (${seconds(Date.now() - started)})`);
    return running;
  } catch (err) {
    throw new InfraError(server.name, `${image} did not start: ${errorText(err)} (see ${displayPath(log)})`);
  }
}

async function containerOf(name: TestServerName) {
  const id = process.env[containerVar(name)];
  if (!id)
    throw new Error(`${containerVar(name)} is unset: the ${name} of this run is not a container of ours`);
  const client = await getContainerRuntimeClient();
  return { client, container: client.container.getById(id) };
}

/** Stops one server of the running tier (its container keeps its data), for a fault test. */
export async function stopTestServer(name: TestServerName): Promise<void> {
  const { client, container } = await containerOf(name);
  await client.container.stop(container, { timeout: 10_000 });
}

/** Starts a server stopped by stopTestServer again and waits until it answers. */
export async function startTestServer(name: TestServerName): Promise<void> {
  const { client, container } = await containerOf(name);
  const server = testServerByName(name);
  if (!(await client.container.inspect(container)).State.Running) await client.container.start(container);
  await waitForReady({ probe: server.probe, timeoutMs: server.startupTimeoutMs });
}
