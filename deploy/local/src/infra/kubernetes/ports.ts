/**
 * Fixed loopback ports of the control plane (24370–24399 are the project's for it), away from the platform's
 * dev, e2e and test ports, so one control plane at a time runs on a machine. Below the kernel's ephemeral range
 * (32768–60999): a fixed port inside it can be the source port of any outgoing loopback connection of the
 * moment, and the start then finds it taken (a CI run once lost the chart test to 42372 that way).
 */
export const KUBERNETES_PORTS = {
  etcdClient: 24370,
  etcdPeer: 24371,
  etcdMetrics: 24372,
  apiserver: 24373,
  controllerManager: 24374,
  scheduler: 24375,
  kwok: 24376,
} as const;

export const LOOPBACK = '127.0.0.1';
