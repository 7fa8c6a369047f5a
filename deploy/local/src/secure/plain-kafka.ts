import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JVM_ARGS, kafkaClasspath } from '../infra/kafka';
import { clusterId, kraftProperties } from '../infra/kafka-config';
import { pingKafka } from '../infra/probes';
import { type RunningServer, startServer } from './secure-server';

/** A test's own plaintext broker. */
export interface PlainKafka extends RunningServer {
  /** `host:port` clients bootstrap from. */
  broker: string;
}

const HOST = '127.0.0.1';

/**
 * Starts a single-node KRaft broker of its own in `dir` from the cached jars, with the launcher's settings on the
 * given ports (the shared broker is untouched), for a test that takes Kafka away from one process only. Started
 * again on the same `dir` and ports, it comes back with its topics and offsets.
 */
export async function startPlainKafka(
  dir: string,
  ports: { broker: number; controller: number },
  env: NodeJS.ProcessEnv = process.env,
): Promise<PlainKafka> {
  const classpath = kafkaClasspath(env);
  const broker = `${HOST}:${ports.broker}`;
  const logDirs = join(dir, 'logs');
  const props = join(dir, 'server.properties');
  const settings = kraftProperties(logDirs, { broker, controller: `${HOST}:${ports.controller}` });
  writeFileSync(
    props,
    Object.entries(settings)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
  );
  if (!existsSync(join(logDirs, 'meta.properties'))) {
    const format = [
      '-cp',
      classpath,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      clusterId(dir),
      '-c',
      props,
      '-g',
    ];
    execFileSync('java', format, { stdio: ['ignore', 'ignore', 'pipe'] });
  }
  const server = await startServer({
    dir,
    name: 'plain-kafka',
    command: 'java',
    args: [
      ...JVM_ARGS.map((arg) => (arg === '-Xmx512m' ? '-Xmx384m' : arg)),
      '-cp',
      classpath,
      'kafka.Kafka',
      props,
    ],
    marker: props,
    // Ready as the shared broker is: when an admin request is answered.
    probe: (timeoutMs: number) => pingKafka([broker], timeoutMs),
    readyTimeoutMs: 90_000,
  });
  return { ...server, broker };
}
