import { join } from 'node:path';
import {
  chartDir,
  component,
  exampleFiles,
  HELM_BUILD_TIMEOUT_MS,
  helm,
  type K8sDoc,
  ofKind,
  render,
  runHelm,
  schemaProblems,
} from './support/chart';
import { nonEmpty } from './support/non-empty';
import { configVariables, resolveProcesses } from './support/process-env';

// Managed data stores over TLS with credentials: PEM files from Secrets mounted read-only at fixed paths, the
// variables that name them in each process's ConfigMap, and passwords as secretKeyRef variables.

beforeAll(() => helm(), HELM_BUILD_TIMEOUT_MS);

const managed = [
  ...exampleFiles.filter((f) => f.endsWith('production.yaml')),
  join(chartDir, 'examples', 'managed-services.yaml'),
];

// biome-ignore lint/suspicious/noExplicitAny: pods are read as rendered JSON.
type Json = any;
const podOf = (deployment: K8sDoc): Json => deployment.spec.template.spec;
const byName = (docs: K8sDoc[]) => new Map(ofKind(docs, 'Deployment').map((d) => [component(d), d]));

/**
 * `path -> Secret/key` of every file a container can read from a data store's TLS Secret volume (its own
 * certificate's volumes, `peer-tls-*`, are chart-peer-tls.test.ts's).
 */
function mountedFiles(deployment: K8sDoc): Record<string, string> {
  const pod = podOf(deployment);
  const files: Record<string, string> = {};
  for (const mount of pod.containers[0].volumeMounts as Json[]) {
    const volume = (pod.volumes as Json[]).find((v) => v.name === mount.name);
    if (!volume?.secret || mount.name.startsWith('peer-tls-')) continue;
    expect({ mount: mount.name, readOnly: mount.readOnly }).toEqual({ mount: mount.name, readOnly: true });
    for (const item of volume.secret.items)
      files[`${mount.mountPath}/${item.path}`] = `${volume.secret.secretName}/${item.key}`;
  }
  return files;
}

describe('the chart with every TLS and credential setting of the data stores', () => {
  let docs: K8sDoc[];
  beforeAll(() => {
    docs = render(managed);
  });

  it('when linted with --strict and validated against the Kubernetes 1.34 schemas, then both pass', () => {
    const args = [
      'lint',
      '--strict',
      chartDir,
      '--kube-version',
      '1.34.0',
      ...managed.flatMap((f) => ['--values', f]),
    ];
    const { status, stderr } = runHelm(args);
    expect({ status, errors: stderr.trim() }).toEqual({ status: 0, errors: '' });
    expect(schemaProblems(docs)).toEqual([]);
  });

  it('when the gateway is rendered, then Kafka and Redis files are mounted from their Secrets and named by its variables', () => {
    const gateway = byName(docs).get('gateway') as K8sDoc;
    expect(mountedFiles(gateway)).toEqual({
      '/etc/partner-travel/tls/kafka/ca.crt': 'partner-travel-kafka-tls/ca.crt',
      '/etc/partner-travel/tls/kafka/client.crt': 'partner-travel-kafka-tls/tls.crt',
      '/etc/partner-travel/tls/kafka/client.key': 'partner-travel-kafka-tls/tls.key',
      '/etc/partner-travel/tls/redis/ca.crt': 'partner-travel-redis-tls/ca.crt',
      '/etc/partner-travel/tls/redis/client.crt': 'partner-travel-redis-tls/tls.crt',
      '/etc/partner-travel/tls/redis/client.key': 'partner-travel-redis-tls/tls.key',
    });
    const env = resolveProcesses(docs).find((p) => p.name === 'gateway');
    expect(env?.env).toMatchObject({
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA_FILE: '/etc/partner-travel/tls/kafka/ca.crt',
      KAFKA_SSL_CERT_FILE: '/etc/partner-travel/tls/kafka/client.crt',
      KAFKA_SSL_KEY_FILE: '/etc/partner-travel/tls/kafka/client.key',
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      REDIS_TLS_CA_FILE: '/etc/partner-travel/tls/redis/ca.crt',
      REDIS_TLS_CERT_FILE: '/etc/partner-travel/tls/redis/client.crt',
      REDIS_TLS_KEY_FILE: '/etc/partner-travel/tls/redis/client.key',
    });
    expect(env?.externalSecrets).toEqual(
      expect.arrayContaining([
        { variable: 'REDIS_URL', secret: 'partner-travel-redis', key: 'url' },
        { variable: 'KAFKA_SASL_USERNAME', secret: 'partner-travel-kafka-sasl', key: 'username' },
        { variable: 'KAFKA_SASL_PASSWORD', secret: 'partner-travel-kafka-sasl', key: 'password' },
        { variable: 'REDIS_USERNAME', secret: 'partner-travel-redis-auth', key: 'username' },
        { variable: 'REDIS_PASSWORD', secret: 'partner-travel-redis-auth', key: 'password' },
      ]),
    );
  });

  it('when each process is rendered, then it mounts exactly the stores it uses, every *_FILE names a mounted file, and no password is plain', () => {
    for (const process of nonEmpty(resolveProcesses(docs), 'processes')) {
      const deployment = byName(docs).get(process.name) as K8sDoc;
      const files = mountedFiles(deployment);
      const named = Object.entries(process.env).filter(([variable]) => variable.endsWith('_FILE'));
      for (const [variable, path] of named)
        expect({ variable, mounted: path in files }).toEqual({ variable, mounted: true });
      expect({ process: process.name, files: Object.keys(files).length }).toEqual({
        process: process.name,
        files: named.length,
      });
      const uses = { kafka: 'KAFKA_BROKERS' in process.env, mongodb: 'MONGO_DATABASE' in process.env };
      const secrets = process.externalSecrets.map((s) => s.variable);
      expect({ process: process.name, kafka: secrets.includes('KAFKA_SASL_PASSWORD') }).toEqual({
        process: process.name,
        kafka: uses.kafka,
      });
      expect({ process: process.name, mongo: secrets.includes('MONGO_PASSWORD') }).toEqual({
        process: process.name,
        mongo: uses.mongodb,
      });
      expect(Object.keys(process.env).filter((v) => /PASSWORD|USERNAME/.test(v))).toEqual([]);
      const unknown = [...Object.keys(process.env), ...secrets].filter(
        (v) => !configVariables(process.name).has(v),
      );
      expect({ process: process.name, unknown }).toEqual({ process: process.name, unknown: [] });
    }
    const booking = byName(docs).get('booking') as K8sDoc;
    expect(mountedFiles(booking)).toMatchObject({
      '/etc/partner-travel/tls/mongodb/ca.crt': 'partner-travel-mongodb-tls/ca.crt',
      '/etc/partner-travel/tls/mongodb/client.pem': 'partner-travel-mongodb-tls/client.pem',
    });
  });

  it('when SASL is on without its Secret or a client certificate lacks its key, then rendering fails saying what to set', () => {
    expect(() => render([], ['kafka.sasl.mechanism=scram-sha-256'])).toThrow(
      'kafka.sasl.mechanism is set: set kafka.sasl.existingSecret',
    );
    expect(() => render([], ['kafka.tls.existingSecret=kafka-tls', 'kafka.tls.certKey=tls.crt'])).toThrow(
      'kafka.tls: set both certKey and keyKey',
    );
    expect(() => render([], ['kafka.sasl.mechanism=gssapi'])).toThrow(/kafka\/sasl\/mechanism/);
  });

  it('when nothing is set (the defaults), then no TLS volume is mounted and Kafka is told plaintext without SASL', () => {
    const plain = render();
    for (const deployment of nonEmpty(ofKind(plain, 'Deployment'), 'Deployments'))
      expect(mountedFiles(deployment)).toEqual({});
    const gateway = resolveProcesses(plain).find((p) => p.name === 'gateway');
    expect(gateway?.env).toMatchObject({ KAFKA_SSL: 'false', KAFKA_SASL_MECHANISM: '' });
  });
});
