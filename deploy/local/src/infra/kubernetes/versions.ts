import { join } from 'node:path';
import { repoRoot } from '../paths';

/**
 * The one place the control plane's versions are pinned. The Go wrapper modules in deploy/kubernetes pin the
 * same ones (their go.mod and go.sum are part of the cache key, so changing either means a rebuild).
 */
export const KUBERNETES_VERSION = 'v1.34.4';
export const ETCD_VERSION = 'v3.6.16';
export const KWOK_VERSION = 'v0.8.0';

/** The wrapper module requiring k8s.io/kubernetes, with every staging module replaced by its release. */
export const controlPlaneModule = join(repoRoot, 'deploy', 'kubernetes', 'control-plane');
/** The wrapper module requiring go.etcd.io/etcd/server/v3. */
export const etcdModule = join(repoRoot, 'deploy', 'kubernetes', 'etcd');

export const CONTROL_PLANE_COMMANDS = [
  'kube-apiserver',
  'kube-controller-manager',
  'kube-scheduler',
] as const;
export const KWOK_MODULE = 'sigs.k8s.io/kwok';

/** Without these, clients (helm among them) fail to parse the server's version. */
export function versionLdflags(): string {
  const [major, minor] = KUBERNETES_VERSION.slice(1).split('.');
  const pkg = 'k8s.io/component-base/version';
  return [
    `-X ${pkg}.gitVersion=${KUBERNETES_VERSION}`,
    `-X ${pkg}.gitMajor=${major}`,
    `-X ${pkg}.gitMinor=${minor}`,
    `-X ${pkg}.gitTreeState=clean`,
  ].join(' ');
}
