import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer, type Server } from 'node:tls';
import { CERTIFICATE_FILES, CertificateFiles, peerNameOf } from '@travel/grpc';
import { SERVICES } from '@travel/local-deploy';
import {
  component,
  exampleFiles,
  HELM_BUILD_TIMEOUT_MS,
  helm,
  type K8sDoc,
  ofKind,
  render,
} from './support/chart';
import { nonEmpty } from './support/non-empty';
import { resolveProcesses } from './support/process-env';

// Callers prove who they are (docs/caller-trust.md): every process mounts its own certificate from a Secret, the
// chart's CA makes them by default (genCA, genSignedCert; kept across upgrades, which chart-in-cluster checks), or
// a Secret per process that the operator or cert-manager keeps; the kubelet probes a plaintext health port.

beforeAll(() => helm(), HELM_BUILD_TIMEOUT_MS);

// biome-ignore lint/suspicious/noExplicitAny: pods are read as rendered JSON.
type Json = any;
const PEERS = [...SERVICES, 'gateway', 'payment-webhooks'].sort();
const decoded = (secret: K8sDoc, key: string) => Buffer.from(secret.data?.[key] ?? '', 'base64');

/** `mountPath -> Secret` of a Deployment's certificate volumes. */
function peerTlsMounts(deployment: K8sDoc): Record<string, string> {
  const pod = deployment.spec.template.spec;
  const mounts: Record<string, string> = {};
  for (const mount of pod.containers[0].volumeMounts as Json[]) {
    if (!mount.name.startsWith('peer-tls-')) continue;
    const volume = (pod.volumes as Json[]).find((v) => v.name === mount.name);
    // `0440`: octal as Kubernetes reads YAML (1.1); this test's parser (YAML 1.2) reads the digits.
    expect({ mount: mount.name, readOnly: mount.readOnly, mode: volume.secret.defaultMode }).toEqual({
      mount: mount.name,
      readOnly: true,
      mode: 440,
    });
    expect(volume.secret.items.map((item: Json) => item.path).sort()).toEqual([
      'ca.crt',
      'tls.crt',
      'tls.key',
    ]);
    mounts[mount.mountPath] = volume.secret.secretName;
  }
  return mounts;
}

/** A rendered certificate Secret as the folder a process reads. */
function folderOf(secret: K8sDoc, root: string): string {
  const dir = join(root, secret.metadata.name);
  mkdirSync(dir);
  for (const file of Object.values(CERTIFICATE_FILES) as string[])
    writeFileSync(join(dir, file), decoded(secret, file));
  return dir;
}

describe('the chart and the processes’ certificates', () => {
  it.each([[[]], [exampleFiles]])(
    'when rendered (%j), then each process mounts its own Secret where GRPC_TLS_DIR names it, the gateway its webhook route’s too, and services have a probe port',
    (files) => {
      const docs = render(files as string[]);
      const processes = new Map(resolveProcesses(docs).map((p) => [p.name, p]));
      for (const deployment of nonEmpty(ofKind(docs, 'Deployment'), 'Deployments')) {
        const name = component(deployment);
        const env = processes.get(name)?.env ?? {};
        // The console's web server calls no service and is called over HTTP by the gateway alone: no certificate.
        if (name === 'console') {
          expect({ name, mounts: peerTlsMounts(deployment), dir: env.GRPC_TLS_DIR }).toEqual({
            name,
            mounts: {},
          });
          continue;
        }
        const expected: Record<string, string> = {
          '/etc/partner-travel/peer-tls': `travel-partner-travel-peer-tls-${name}`,
          ...(name === 'gateway'
            ? {
                '/etc/partner-travel/payment-webhooks-tls': 'travel-partner-travel-peer-tls-payment-webhooks',
              }
            : {}),
        };
        expect({ name, mounts: peerTlsMounts(deployment) }).toEqual({ name, mounts: expected });
        expect(env.GRPC_TLS_DIR).toBe('/etc/partner-travel/peer-tls');
        if (name === 'gateway') {
          expect(env.PAYMENT_WEBHOOKS_TLS_DIR).toBe('/etc/partner-travel/payment-webhooks-tls');
          expect(env.GRPC_PROBE_PORT).toBeUndefined();
        } else expect({ name, probe: env.GRPC_PROBE_PORT }).toEqual({ name, probe: '50151' });
      }
    },
  );

  it('when generated, then every certificate names its peer, is signed by the chart’s CA, passes the checks a process makes at start, and two of them complete a mutual TLS handshake', async () => {
    const docs = render();
    const secrets = new Map(ofKind(docs, 'Secret').map((s) => [s.metadata.name, s]));
    const ca = secrets.get('travel-partner-travel-peer-ca') as K8sDoc;
    expect(ca.type).toBe('kubernetes.io/tls');
    const root = mkdtempSync(join(tmpdir(), 'chart-peer-tls-'));
    try {
      for (const peer of PEERS) {
        const secret = secrets.get(`travel-partner-travel-peer-tls-${peer}`) as K8sDoc;
        expect({ peer, type: secret?.type }).toEqual({ peer, type: 'kubernetes.io/tls' });
        expect(decoded(secret, 'ca.crt').equals(decoded(ca, 'tls.crt'))).toBe(true);
        const certificate = new X509Certificate(decoded(secret, 'tls.crt'));
        expect({ peer, named: peerNameOf(certificate.subjectAltName) }).toEqual({ peer, named: peer });
        // What a process does with its folder at start: read, parse, match key and CA, name the peer.
        expect(new CertificateFiles(folderOf(secret, root)).peer).toBe(peer);
      }
      const read = (peer: string, file: string) =>
        decoded(secrets.get(`travel-partner-travel-peer-tls-${peer}`) as K8sDoc, file);
      const server: Server = createServer({
        key: read('identity', 'tls.key'),
        cert: read('identity', 'tls.crt'),
        ca: read('identity', 'ca.crt'),
        requestCert: true,
        rejectUnauthorized: true,
      });
      const calledBy = new Promise<string | undefined>((resolve) =>
        server.once('secureConnection', (socket) => {
          resolve(peerNameOf(socket.getPeerCertificate().subjectaltname));
          socket.end();
        }),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as { port: number }).port;
      const served = await new Promise<string | undefined>((resolve, reject) => {
        const socket = connect({
          host: '127.0.0.1',
          port,
          servername: 'identity.peers.partner-travel',
          key: read('gateway', 'tls.key'),
          cert: read('gateway', 'tls.crt'),
          ca: read('gateway', 'ca.crt'),
        });
        socket.on('secureConnect', () => resolve(peerNameOf(socket.getPeerCertificate().subjectaltname)));
        socket.on('error', reject);
      });
      expect({ served, calledBy: await calledBy }).toEqual({ served: 'identity', calledBy: 'gateway' });
      server.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('when peerTls.mode is existing, then no certificate is rendered and each process mounts <existingSecretPrefix><process>; without the prefix it fails saying so', () => {
    const docs = render(
      [],
      ['peerTls.mode=existing', 'peerTls.existingSecretPrefix=partner-travel-peer-tls-'],
    );
    expect(ofKind(docs, 'Secret').map((s) => s.metadata.name)).toEqual([]);
    const gateway = ofKind(docs, 'Deployment').find((d) => component(d) === 'gateway') as K8sDoc;
    expect(peerTlsMounts(gateway)).toEqual({
      '/etc/partner-travel/peer-tls': 'partner-travel-peer-tls-gateway',
      '/etc/partner-travel/payment-webhooks-tls': 'partner-travel-peer-tls-payment-webhooks',
    });
    expect(() => render([], ['peerTls.mode=existing'])).toThrow(/existingSecretPrefix/);
  });
});
