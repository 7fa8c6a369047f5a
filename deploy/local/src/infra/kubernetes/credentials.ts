import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What one start of the control plane authenticates with; all made fresh in its data folder. */
export interface ControlPlaneCredentials {
  /** The bearer token of the one user, `admin` in `system:masters` (every permission through RBAC). */
  token: string;
  tokenFile: string;
  serviceAccountPublicKey: string;
  serviceAccountPrivateKey: string;
  /** Where kube-apiserver writes its self-signed serving certificate (and the CA that signed it). */
  certDir: string;
  /** The serving certificate bundle, trusted by every client (written by kube-apiserver at start). */
  caFile: string;
}

export function writeCredentials(dir: string): ControlPlaneCredentials {
  mkdirSync(dir, { recursive: true });
  const token = randomBytes(24).toString('hex');
  const tokenFile = join(dir, 'tokens.csv');
  // token,user,uid,"groups"
  writeFileSync(tokenFile, `${token},admin,admin,"system:masters"\n`, { mode: 0o600 });
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccountPrivateKey = join(dir, 'service-account.key');
  const serviceAccountPublicKey = join(dir, 'service-account.pub');
  writeFileSync(serviceAccountPrivateKey, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
  });
  writeFileSync(serviceAccountPublicKey, publicKey.export({ type: 'spki', format: 'pem' }));
  const certDir = join(dir, 'apiserver-certs');
  return {
    token,
    tokenFile,
    serviceAccountPublicKey,
    serviceAccountPrivateKey,
    certDir,
    caFile: join(certDir, 'apiserver.crt'),
  };
}

/** A kubeconfig with the one user's token (JSON is valid YAML, so no YAML library is needed). */
export function writeKubeconfig(path: string, server: string, creds: ControlPlaneCredentials): void {
  const kubeconfig = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'local', cluster: { server, 'certificate-authority': creds.caFile } }],
    users: [{ name: 'admin', user: { token: creds.token } }],
    contexts: [{ name: 'local', context: { cluster: 'local', user: 'admin' } }],
    'current-context': 'local',
  };
  writeFileSync(path, `${JSON.stringify(kubeconfig, null, 2)}\n`, { mode: 0o600 });
}
