/**
 * Fixed loopback ports of the control plane (42370–42399 are the project's for it), away from the platform's
 * dev, e2e and test ports, so one control plane at a time runs on a machine.
 */
export const KUBERNETES_PORTS = {
  etcdClient: 42370,
  etcdPeer: 42371,
  etcdMetrics: 42372,
  apiserver: 42373,
  controllerManager: 42374,
  scheduler: 42375,
  kwok: 42376,
} as const;

export const LOOPBACK = '127.0.0.1';
