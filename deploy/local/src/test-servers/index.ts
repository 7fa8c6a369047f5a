import type { StartedTestContainer } from 'testcontainers';
import { createContext, say } from '../infra/context';
import { ensureBaseImages } from '../infra/docker/base-images';
import type { DockerHost } from '../infra/docker/client';
import { ensureDocker } from '../infra/docker/daemon';
import type { InfraContext, InfraOptions } from '../infra/types';
import { containerVar, pointTestcontainersAt, removeLeftovers, startContainer } from './containers';
import { ensureLocalImage } from './local-image';
import { TEST_SERVERS, type TestServer, type TestServerName } from './servers';

export { containerVar, startTestServer, stopTestServer } from './containers';
export { TEST_SERVER_PORTS, TEST_SERVERS, type TestServer, type TestServerName } from './servers';

/** The component tier's servers, running. */
export interface TestServers {
  /** What was set in the environment for the tests: MONGO_URL, KAFKA_BROKERS, REDIS_URL, MAILDEV_TEST_URL, ... */
  env: Record<string, string>;
  /** Stops every container started, then leaves the daemon (stopped if we started it and no one else uses it). */
  stop(): Promise<void>;
}

/** Waits for every promise, so one failure does not hide another's work; throws the first failure. */
async function all<T>(promises: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
}

/** Each server's image: its setting when given, else ours, built once from deploy/images (cached by tag). */
async function imagesOf(
  ctx: InfraContext,
  host: DockerHost,
  servers: readonly TestServer[],
): Promise<string[]> {
  const toBuild = servers.filter((s) => !ctx.env[s.imageVar]?.trim());
  const bases = toBuild.length > 0 ? await ensureBaseImages(host, ctx) : undefined;
  return all(
    servers.map(async (s) => {
      const given = ctx.env[s.imageVar]?.trim();
      if (given) return given;
      if (!bases) throw new Error('no base images');
      return ensureLocalImage(ctx, host, s.localImage, bases[s.localImage.base]);
    }),
  );
}

/** The servers this run starts in containers: every one whose variable does not already point at someone else's. */
function ownServers(ctx: InfraContext): TestServer[] {
  return TEST_SERVERS.filter((s) => !ctx.env[s.externalVar]?.trim());
}

/**
 * Builds (or finds by tag) the images of the component tier's servers, starting no container: `npm test` runs it
 * beside the unit tier, so that a first run builds the base images and these four while other work goes on,
 * not when the tier begins. The daemon is left as found (stopped again if this started it).
 */
export async function prepareTestServerImages(opts: InfraOptions = {}): Promise<void> {
  const ctx = createContext(opts);
  const wanted = ownServers(ctx);
  if (wanted.length === 0) return;
  const daemon = await ensureDocker(opts);
  try {
    await imagesOf(ctx, daemon, wanted);
  } finally {
    await daemon.stop();
  }
}

/**
 * Starts the store, Kafka, Redis and MailDev of the component tier with testcontainers, on the tier's own ports,
 * and sets the variables that point the tests at them (in `opts.env`, by default this process's environment,
 * which test files and the processes they spawn inherit). A server whose variable is already set is someone
 * else's and is used as it is. On any failure whatever was started is stopped again.
 */
export async function startTestServers(opts: InfraOptions = {}): Promise<TestServers> {
  const ctx = createContext(opts);
  const wanted = ownServers(ctx);
  for (const s of TEST_SERVERS.filter((s) => !wanted.includes(s)))
    say(ctx, s.name, `external (${s.externalVar}=${ctx.env[s.externalVar]}); no container`);
  if (wanted.length === 0) return { env: {}, stop: async () => undefined };

  const daemon = await ensureDocker(opts);
  const started: { name: TestServerName; container: StartedTestContainer }[] = [];
  const stop = async (): Promise<void> => {
    await Promise.allSettled(started.map(({ container }) => container.stop()));
    await daemon.stop();
  };
  try {
    pointTestcontainersAt(daemon, process.env);
    await removeLeftovers(ctx, daemon);
    const images = await imagesOf(ctx, daemon, wanted);
    await all(
      wanted.map(async (server, i) => {
        const container = await startContainer(ctx, server, images[i] ?? '');
        started.push({ name: server.name, container });
      }),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  const env: Record<string, string> = {};
  for (const { name, container } of started) {
    const server = TEST_SERVERS.find((s) => s.name === name);
    Object.assign(env, server?.env, { [containerVar(name)]: container.getId() });
  }
  // The store contract's durability test kills a store of the same build; only ours is that build.
  if (started.some((s) => s.name === 'store') && !ctx.env.TEST_STORE_IMAGE?.trim())
    env.TEST_STORE_EMBEDDED = 'true';
  Object.assign(ctx.env, env);
  return { env, stop };
}
