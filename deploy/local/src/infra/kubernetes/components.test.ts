import { controlPlaneComponents } from './components';
import type { ControlPlaneCredentials } from './credentials';
import { kubernetesBinaries } from './install';
import { KUBERNETES_PORTS } from './ports';

const creds: ControlPlaneCredentials = {
  token: 't',
  tokenFile: '/d/tokens.csv',
  serviceAccountPublicKey: '/d/sa.pub',
  serviceAccountPrivateKey: '/d/sa.key',
  certDir: '/d/certs',
  caFile: '/d/certs/apiserver.crt',
};
const { store, apiserver, clients } = controlPlaneComponents(kubernetesBinaries({ HOME: '/home/x' }), {
  dataDir: '/d',
  kubeconfig: '/d/kubeconfig',
  creds,
});
const all = [store, apiserver, ...clients];
const argOf = (args: string[], flag: string) => args.find((a) => a.startsWith(`${flag}=`))?.split('=')[1];

describe('the control plane components', () => {
  it('when started, then every address they listen on or call is on loopback, on the ports reserved for them', () => {
    const args = all.flatMap((c) => c.args).filter((a) => !a.startsWith('--service-cluster-ip-range='));
    const hosts = args.flatMap((a) => [...a.matchAll(/\d+\.\d+\.\d+\.\d+/g)].map((m) => m[0]));
    expect(new Set(hosts)).toEqual(new Set(['127.0.0.1']));
    const ports = args.flatMap((a) => [...a.matchAll(/(?::|-port=)(\d+)/g)].map((m) => Number(m[1])));
    // etcd (client, peer, metrics), kwok, the secure ports of the other three, and the URLs that name them again.
    expect(new Set(ports).size).toBe(7);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(24370);
      expect(port).toBeLessThanOrEqual(24399);
    }
    for (const c of all) expect(new URL(c.health.url).hostname).toBe('127.0.0.1');
    expect(new Set(Object.values(KUBERNETES_PORTS)).size).toBe(Object.values(KUBERNETES_PORTS).length);
  });

  it('when the API server starts, then it takes the token file, RBAC and fresh service-account keys, and publishes no endpoint', () => {
    expect(argOf(apiserver.args, '--token-auth-file')).toBe(creds.tokenFile);
    expect(argOf(apiserver.args, '--authorization-mode')).toBe('RBAC');
    expect(argOf(apiserver.args, '--service-account-key-file')).toBe(creds.serviceAccountPublicKey);
    expect(argOf(apiserver.args, '--service-account-signing-key-file')).toBe(creds.serviceAccountPrivateKey);
    expect(argOf(apiserver.args, '--endpoint-reconciler-type')).toBe('none');
    expect(argOf(apiserver.args, '--bind-address')).toBe('127.0.0.1');
  });

  it('when the controller manager and the scheduler start, then neither runs a leader election', () => {
    for (const c of clients.filter((x) => x.name !== 'kwok'))
      expect({ name: c.name, elect: argOf(c.args, '--leader-elect') }).toEqual({
        name: c.name,
        elect: 'false',
      });
  });
});
