import { join } from 'node:path';
import type { ControlPlaneCredentials } from './credentials';
import type { KubernetesBinaries } from './install';
import { LOOPBACK, KUBERNETES_PORTS as PORTS } from './ports';

/** Where one start keeps its files (all fresh). */
export interface ControlPlaneLayout {
  dataDir: string;
  kubeconfig: string;
  creds: ControlPlaneCredentials;
}

/** One process of the control plane: how it is started and where it says it is healthy. */
export interface ControlPlaneComponent {
  name: 'etcd' | 'kube-apiserver' | 'kube-controller-manager' | 'kube-scheduler' | 'kwok';
  command: string;
  args: string[];
  /** A health URL on loopback (https ones are checked against `caFile`). */
  health: { url: string; caFile?: string; token?: boolean };
}

const url = (scheme: 'http' | 'https', port: number, path: string) =>
  `${scheme}://${LOOPBACK}:${port}${path}`;

function etcd(bin: KubernetesBinaries, layout: ControlPlaneLayout): ControlPlaneComponent {
  const client = url('http', PORTS.etcdClient, '');
  const peer = url('http', PORTS.etcdPeer, '');
  return {
    name: 'etcd',
    command: bin.etcd,
    args: [
      '--name=control-plane',
      `--data-dir=${join(layout.dataDir, 'etcd')}`,
      `--listen-client-urls=${client}`,
      `--advertise-client-urls=${client}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=control-plane=${peer}`,
      `--listen-metrics-urls=${url('http', PORTS.etcdMetrics, '')}`,
      '--log-level=warn',
      // The data is thrown away at the next start; without fsync a busy disk does not slow every write.
      '--unsafe-no-fsync',
    ],
    health: { url: url('http', PORTS.etcdMetrics, '/health') },
  };
}

function apiserver(bin: KubernetesBinaries, { creds }: ControlPlaneLayout): ControlPlaneComponent {
  return {
    name: 'kube-apiserver',
    command: bin.kubeApiserver,
    args: [
      `--etcd-servers=${url('http', PORTS.etcdClient, '')}`,
      `--bind-address=${LOOPBACK}`,
      `--advertise-address=${LOOPBACK}`,
      `--secure-port=${PORTS.apiserver}`,
      `--cert-dir=${creds.certDir}`,
      `--token-auth-file=${creds.tokenFile}`,
      '--authorization-mode=RBAC',
      '--service-account-issuer=https://kubernetes.default.svc',
      `--service-account-key-file=${creds.serviceAccountPublicKey}`,
      `--service-account-signing-key-file=${creds.serviceAccountPrivateKey}`,
      // Records only: nothing routes these addresses, and nothing may send traffic to them.
      '--service-cluster-ip-range=10.96.0.0/16',
      '--enable-priority-and-fairness=false',
      '--profiling=false',
      // The default reconciler publishes the advertise address as the `kubernetes` Service's endpoint, which a
      // loopback address cannot be.
      '--endpoint-reconciler-type=none',
    ],
    health: { url: url('https', PORTS.apiserver, '/readyz'), caFile: creds.caFile, token: true },
  };
}

/** The flags the controller manager and the scheduler share: the admin kubeconfig, loopback, no election. */
function clientFlags(layout: ControlPlaneLayout, port: number, certDir: string): string[] {
  return [
    `--kubeconfig=${layout.kubeconfig}`,
    `--authentication-kubeconfig=${layout.kubeconfig}`,
    `--authorization-kubeconfig=${layout.kubeconfig}`,
    `--bind-address=${LOOPBACK}`,
    `--secure-port=${port}`,
    `--cert-dir=${certDir}`,
    '--leader-elect=false',
  ];
}

function controllerManager(bin: KubernetesBinaries, layout: ControlPlaneLayout): ControlPlaneComponent {
  const certDir = join(layout.dataDir, 'controller-manager-certs');
  return {
    name: 'kube-controller-manager',
    command: bin.kubeControllerManager,
    args: [
      ...clientFlags(layout, PORTS.controllerManager, certDir),
      `--service-account-private-key-file=${layout.creds.serviceAccountPrivateKey}`,
      `--root-ca-file=${layout.creds.caFile}`,
      '--profiling=false',
    ],
    health: {
      url: url('https', PORTS.controllerManager, '/healthz'),
      caFile: join(certDir, 'kube-controller-manager.crt'),
    },
  };
}

function scheduler(bin: KubernetesBinaries, layout: ControlPlaneLayout): ControlPlaneComponent {
  const certDir = join(layout.dataDir, 'scheduler-certs');
  return {
    name: 'kube-scheduler',
    command: bin.kubeScheduler,
    args: clientFlags(layout, PORTS.scheduler, certDir),
    health: { url: url('https', PORTS.scheduler, '/healthz'), caFile: join(certDir, 'kube-scheduler.crt') },
  };
}

/** As the kubelet's default. */
const NODE_LEASE_SECONDS = 40;

/** kwok plays the kubelet of every node: nodes Ready with a Lease, pods scheduled to them reported Running. */
function kwok(bin: KubernetesBinaries, layout: ControlPlaneLayout): ControlPlaneComponent {
  return {
    name: 'kwok',
    command: bin.kwok,
    args: [
      `--config=${bin.kwokStages}`,
      `--kubeconfig=${layout.kubeconfig}`,
      '--manage-all-nodes=true',
      `--server-address=${LOOPBACK}:${PORTS.kwok}`,
      `--node-ip=${LOOPBACK}`,
      // Without a Lease the node controller takes the nodes for NotReady after its grace period and marks every
      // pod unready, which kwok's pod stages never undo (kwok's own default applies only to its config file).
      `--node-lease-duration-seconds=${NODE_LEASE_SECONDS}`,
    ],
    health: { url: url('http', PORTS.kwok, '/healthz') },
  };
}

/** In start order: the store, the API server, then what talks to it. */
export function controlPlaneComponents(
  bin: KubernetesBinaries,
  layout: ControlPlaneLayout,
): { store: ControlPlaneComponent; apiserver: ControlPlaneComponent; clients: ControlPlaneComponent[] } {
  return {
    store: etcd(bin, layout),
    apiserver: apiserver(bin, layout),
    clients: [controllerManager(bin, layout), scheduler(bin, layout), kwok(bin, layout)],
  };
}
