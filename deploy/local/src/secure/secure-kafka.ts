import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { JVM_ARGS, kafkaClasspath } from '../infra/kafka';
import { type RunningServer, startServer } from './secure-server';
import type { ThrowawayCa } from './throwaway-ca';

export type SaslMechanism = 'plain' | 'scram-sha-256' | 'scram-sha-512';

/** A test's own broker: SASL over TLS on one port (a user per mechanism), mutual TLS on another. */
export interface SecureKafka extends RunningServer {
  /** `host:port` of the SASL_SSL listener (SCRAM-SHA-256, SCRAM-SHA-512 and PLAIN). */
  saslSslBroker: string;
  /** `host:port` of the SSL listener that requires a client certificate signed by the CA. */
  mutualTlsBroker: string;
  users: Record<SaslMechanism, { username: string; password: string }>;
}

export interface SecureKafkaPorts {
  saslSsl: number;
  mutualTls: number;
  controller: number;
}

const HOST = '127.0.0.1';

function users(): SecureKafka['users'] {
  const password = () => randomBytes(12).toString('base64url');
  return {
    'scram-sha-256': { username: 'travel-scram256', password: password() },
    'scram-sha-512': { username: 'travel-scram512', password: password() },
    plain: { username: 'travel-plain', password: password() },
  };
}

function serverProperties(
  dir: string,
  ca: ThrowawayCa,
  ports: SecureKafkaPorts,
  u: SecureKafka['users'],
): string {
  // Kafka reads PEM stores itself: the key and certificate in one file, the CA as the truststore.
  const keystore = join(dir, 'broker-keystore.pem');
  writeFileSync(keystore, readFileSync(ca.server.certKeyFile));
  const scram = 'org.apache.kafka.common.security.scram.ScramLoginModule required;';
  const plain = `org.apache.kafka.common.security.plain.PlainLoginModule required user_${u.plain.username}="${u.plain.password}";`;
  const props: Record<string, string | number> = {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@${HOST}:${ports.controller}`,
    listeners: `SASL_SSL://${HOST}:${ports.saslSsl},SSL://${HOST}:${ports.mutualTls},CONTROLLER://${HOST}:${ports.controller}`,
    'advertised.listeners': `SASL_SSL://${HOST}:${ports.saslSsl},SSL://${HOST}:${ports.mutualTls}`,
    'controller.listener.names': 'CONTROLLER',
    'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,SASL_SSL:SASL_SSL,SSL:SSL',
    'inter.broker.listener.name': 'SSL',
    'ssl.keystore.type': 'PEM',
    'ssl.keystore.location': keystore,
    'ssl.truststore.type': 'PEM',
    'ssl.truststore.location': ca.caFile,
    'listener.name.ssl.ssl.client.auth': 'required',
    'sasl.enabled.mechanisms': 'SCRAM-SHA-256,SCRAM-SHA-512,PLAIN',
    'listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config': scram,
    'listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config': scram,
    'listener.name.sasl_ssl.plain.sasl.jaas.config': plain,
    'log.dirs': join(dir, 'logs'),
    'num.partitions': 1,
    'offsets.topic.replication.factor': 1,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'group.initial.rebalance.delay.ms': 0,
  };
  return `${Object.entries(props)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`;
}

/** SCRAM users live in the cluster's metadata: written by `kafka-storage format --add-scram` before the first start. */
function formatStorage(classpath: string, props: string, u: SecureKafka['users']): void {
  const scram = (['scram-sha-256', 'scram-sha-512'] as const).flatMap((m) => [
    '--add-scram',
    `${m.toUpperCase()}=[name=${u[m].username},password=${u[m].password}]`,
  ]);
  const id = randomBytes(16).toString('base64url').replace(/^-/, 'A');
  execFileSync(
    'java',
    ['-cp', classpath, 'kafka.tools.StorageTool', 'format', '-t', id, '-c', props, ...scram],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
}

/** Ready when an admin over mutual TLS lists the cluster (kafkajs, one attempt per probe). */
function probe(broker: string, ca: ThrowawayCa) {
  return async (timeoutMs: number) => {
    const kafka = new Kafka({
      clientId: 'secure-kafka-probe',
      brokers: [broker],
      ssl: {
        ca: [readFileSync(ca.caFile, 'utf8')],
        cert: readFileSync(ca.client.certFile, 'utf8'),
        key: readFileSync(ca.client.keyFile, 'utf8'),
      },
      logLevel: logLevel.NOTHING,
      connectionTimeout: timeoutMs,
      requestTimeout: timeoutMs,
      retry: { retries: 0 },
    });
    const admin = kafka.admin();
    try {
      await admin.connect();
      await admin.describeCluster();
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  };
}

/**
 * Starts a single-node KRaft broker of its own in `dir` from the cached jars (the shared broker is untouched):
 * SASL_SSL with SCRAM-SHA-256, SCRAM-SHA-512 and PLAIN users, and SSL requiring a client certificate.
 */
export async function startSecureKafka(
  dir: string,
  ca: ThrowawayCa,
  ports: SecureKafkaPorts,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SecureKafka> {
  const classpath = kafkaClasspath(env);
  const u = users();
  const props = join(dir, 'server.properties');
  writeFileSync(props, serverProperties(dir, ca, ports, u));
  formatStorage(classpath, props, u);
  const mutualTlsBroker = `${HOST}:${ports.mutualTls}`;
  const server = await startServer({
    dir,
    name: 'secure-kafka',
    command: 'java',
    args: [
      ...JVM_ARGS.map((arg) => (arg === '-Xmx512m' ? '-Xmx384m' : arg)),
      '-cp',
      classpath,
      'kafka.Kafka',
      props,
    ],
    marker: props,
    probe: probe(mutualTlsBroker, ca),
    readyTimeoutMs: 90_000,
  });
  return { ...server, saslSslBroker: `${HOST}:${ports.saslSsl}`, mutualTlsBroker, users: u };
}
