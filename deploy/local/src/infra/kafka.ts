import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDirFor } from './cache';
import { say } from './context';
import { stepFailed } from './errors';
import { seconds, withHeartbeat } from './heartbeat';
import { clusterId, serverProperties } from './kafka-config';
import { dataDir, ensureDir, logFile, packageRoot } from './paths';
import { pingKafka } from './probes';
import { runLogged, runLoggedWithRetry } from './run-logged';
import { spawnServer } from './spawn-server';
import type { InfraComponent, InfraContext } from './types';

const NAME = 'kafka';
const POM = join(packageRoot, 'kafka', 'pom.xml');
const COPY_STEP = 'mvn dependency:copy-dependencies';

function cacheDir(env: NodeJS.ProcessEnv): string {
  return cacheDirFor(env, NAME, [POM]);
}

/** `java` expands the trailing `*` itself, so no shell is involved. */
function classpath(env: NodeJS.ProcessEnv): string {
  return `${join(cacheDir(env), 'lib')}/*`;
}

/** The cached Kafka jars (installed by `infra start`), for a test's own broker; throws when not installed yet. */
export function kafkaClasspath(env: NodeJS.ProcessEnv): string {
  if (!existsSync(join(cacheDir(env), 'complete')))
    throw new Error(
      `Kafka's jars are not installed in ${cacheDir(env)}: run the infra once (npm start or infra start)`,
    );
  return classpath(env);
}

async function install(ctx: InfraContext): Promise<void> {
  const dir = ensureDir(cacheDir(ctx.env));
  // The marker is written last, so a half-copied lib/ is never trusted.
  const marker = join(dir, 'complete');
  if (existsSync(marker)) return;
  const log = logFile(ctx.env, `${NAME}-install`);
  const tmp = join(dir, `lib.tmp-${process.pid}`);
  // -U: Maven re-attempts downloads that failed earlier instead of trusting its cached failure.
  const args = ['-q', '-B', '-U', '-f', POM, 'dependency:copy-dependencies', `-DoutputDirectory=${tmp}`];
  say(ctx, NAME, 'downloading Kafka 3.9.1 jars with mvn (first run, ~1 min)…');
  const started = Date.now();
  try {
    await withHeartbeat(
      (elapsed) => say(ctx, NAME, `still downloading (${elapsed})…`),
      () =>
        runLoggedWithRetry(
          { command: 'mvn', args, logFile: log },
          { attempts: 3, onRetry: (n, why) => say(ctx, NAME, `attempt ${n} failed (${why}); retrying…`) },
        ),
    );
    rmSync(join(dir, 'lib'), { recursive: true, force: true });
    renameSync(tmp, join(dir, 'lib'));
    writeFileSync(marker, `${new Date().toISOString()}\n`);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw stepFailed(NAME, 'install', COPY_STEP, log, err);
  }
  say(ctx, NAME, `jars ready in ${seconds(Date.now() - started)}`);
}

/** KRaft refuses to start on an unformatted log dir; `-g` makes re-formatting a no-op. */
async function formatStorage(ctx: InfraContext, props: string, logDirs: string, id: string): Promise<void> {
  if (existsSync(join(logDirs, 'meta.properties'))) return;
  const log = logFile(ctx.env, NAME);
  const args = ['-cp', classpath(ctx.env), 'kafka.tools.StorageTool', 'format', '-t', id, '-c', props, '-g'];
  try {
    await runLogged({ command: 'java', args, logFile: log });
  } catch (err) {
    throw stepFailed(NAME, 'start', 'kafka-storage format', log, err);
  }
}

export const JVM_ARGS = [
  '-Xmx512m',
  '-Xms128m',
  '-XX:+UseG1GC',
  '-Djava.awt.headless=true',
  // Kafka at INFO writes hundreds of lines per start; warnings are what we look for locally.
  '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
  '-Dorg.slf4j.simpleLogger.log.kafka.server.KafkaRaftServer=info',
  '-Dorg.slf4j.simpleLogger.showDateTime=true',
];

async function launch(ctx: InfraContext): Promise<number> {
  const dir = ensureDir(dataDir(ctx.env, NAME));
  const logDirs = join(dir, 'logs');
  const props = join(dir, 'server.properties');
  // Rewritten every start so a change in kafka-config.ts applies without wiping data.
  writeFileSync(props, serverProperties(logDirs));
  await formatStorage(ctx, props, logDirs, clusterId(dir));
  return spawnServer(ctx, NAME, 'java kafka.Kafka', 'java', [
    ...JVM_ARGS,
    '-cp',
    classpath(ctx.env),
    'kafka.Kafka',
    props,
  ]);
}

export const kafka: InfraComponent = {
  name: NAME,
  readyTimeoutMs: 60_000,
  // A KRaft broker shuts down cleanly in a few seconds; past this it is stuck.
  stopTimeoutMs: 15_000,
  processMarker: 'kafka.Kafka',
  startHint: 'KRaft single node, JVM, ~5-10 s',
  address: (urls) => urls.kafkaBrokers.join(','),
  probe: (urls, timeoutMs) => pingKafka(urls.kafkaBrokers, timeoutMs),
  installedAt: cacheDir,
  install,
  launch,
};
