import type { KubeClient, KubeObject } from './api';

/** One fake node per zone, so a chart's zone spread (`DoNotSchedule`) has three zones to spread over. */
export const FAKE_NODE_ZONES = ['a', 'b', 'c'] as const;
export const ZONE_LABEL = 'topology.kubernetes.io/zone';

const capacity = { cpu: '32', memory: '256Gi', pods: '110' };

/** A node kwok plays the kubelet of (`kwok.x-k8s.io/node: fake`); status is taken as given on create. */
function fakeNode(zone: string): KubeObject {
  const name = `kwok-node-${zone}`;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'kwok.x-k8s.io/node': 'fake' },
      labels: {
        type: 'kwok',
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        [ZONE_LABEL]: zone,
      },
    },
    status: { allocatable: capacity, capacity },
  };
}

export async function createFakeNodes(api: KubeClient): Promise<void> {
  for (const zone of FAKE_NODE_ZONES) await api.create('/api/v1/nodes', fakeNode(zone));
}

/** Throws until every fake node reports Ready (kwok's node stages set it). */
export async function expectNodesReady(api: KubeClient): Promise<void> {
  const nodes = await api.list('/api/v1/nodes', 'type=kwok');
  const ready = nodes.filter((node) =>
    (node.status?.conditions ?? []).some(
      (c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True',
    ),
  );
  if (ready.length < FAKE_NODE_ZONES.length)
    throw new Error(`${ready.length} of ${FAKE_NODE_ZONES.length} fake nodes Ready`);
  // kwok renews a Lease per node; without them the node controller would take the nodes away after a minute.
  const leases = await api.list('/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases');
  if (leases.length < FAKE_NODE_ZONES.length)
    throw new Error(`${leases.length} of ${FAKE_NODE_ZONES.length} node Leases renewed`);
}
