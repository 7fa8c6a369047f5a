export { createKubeClient, type KubeAccess, KubeApiError, type KubeClient, type KubeObject } from './api';
export { ensureKubernetes, type KubernetesBinaries, kubernetesBinaries } from './install';
export { FAKE_NODE_ZONES, ZONE_LABEL } from './nodes';
export { KUBERNETES_PORTS } from './ports';
export { type ControlPlane, startControlPlane } from './start';
export { ETCD_VERSION, KUBERNETES_VERSION, KWOK_VERSION } from './versions';
