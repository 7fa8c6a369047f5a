import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ControlPlane, type KubeObject, startControlPlane, ZONE_LABEL } from '@travel/local-deploy';
import { waitFor } from '@travel/testkit';
import { parse as parseYaml } from 'yaml';
import {
  chartDir,
  exampleFiles,
  helm,
  type K8sDoc,
  NAMESPACE,
  ofKind,
  RELEASE,
  render,
} from '../support/chart';
import {
  expectedReplicas,
  type HelmRun,
  helmInCluster,
  inNamespace,
  livePods,
  podSpecOf,
  resourcePath,
  secretReferences,
  secretsToCreate,
} from '../support/cluster';
import { type HookOrder, watchHookOrder } from '../support/hook-order';
import { nonEmpty } from '../support/non-empty';

// The chart in a real Kubernetes control plane (docs/deploy.md, "How the chart is tested here"): etcd,
// kube-apiserver, kube-controller-manager and kube-scheduler built from the Go module proxy, on loopback, with
// kwok playing the kubelet of three fake nodes in zones a, b and c. The production example is installed,
// upgraded, rolled back and uninstalled with our helm, and what the control plane made of it is checked:
// admission and defaulting, selectors that match (or not), controllers acting on what the chart asked for, and the
// index migrations hook Job completing before any Deployment is created or rolled (kwok's pod-complete stage ends a
// Job's pods as Succeeded, so the Job controller marks it Complete as it would after real containers exit 0).
//
// What differs from a cluster: kwok does not pull images or run containers; it reports the pods Running and
// Ready. So the images are named as the platform builds them (`partner-travel/<process>:<tag>`) but never pulled,
// and the Secrets hold random values. The Service and Pod addresses the control plane allocates are records only:
// nothing routes them on this machine, and this test never sends traffic to them. No metrics-server runs, so the
// autoscalers hold their minimum.

const production = exampleFiles[1] ?? '';
const TAG = (parseYaml(readFileSync(join(chartDir, 'Chart.yaml'), 'utf8')) as { appVersion: string })
  .appVersion;
const IMAGES = ['--set', 'image.repository=partner-travel', '--set', `image.tag=${TAG}`];
/** The upgrade's change: every process's ConfigMap changes, so every pod template's checksum does. */
const UPGRADE = ['--set', 'logLevel=debug'];
const INSTANCE = `app.kubernetes.io/instance=${RELEASE}`;
/** helm waits for the rollouts; kwok reports pods within seconds, but the machine is shared. */
const HELM_WAIT = ['--wait', '--timeout', '5m'];
/** A cold build of the control plane (once per machine) takes ~10 minutes on 2 cores, more under load. */
const BUILD_TIMEOUT_MS = 45 * 60_000;
const SETTLE = { timeoutMs: 120_000, intervalMs: 500 };
/** A helm step with --wait (up to 5 min) and the settling after it. */
const HELM_STEP_TIMEOUT_MS = 8 * 60_000;

const setPairs = (args: string[]) => args.filter((_, i) => i % 2 === 1);
let cp: ControlPlane | undefined;
let runHelm: (args: string[]) => Promise<HelmRun>;
let docs: K8sDoc[];
let deployments: K8sDoc[];
/** Per Deployment, the pod-template-hash of the install (revision 1). */
const firstHash = new Map<string, string>();
/** What the watch of the index migrations hook saw during each helm step. */
const hookOrder = new Map<'install' | 'upgrade', HookOrder>();
/** Documents helm runs as hooks (the index migrations): gone again once they succeeded. */
const isHook = (doc: K8sDoc) => Boolean(doc.metadata.annotations?.['helm.sh/hook']);

async function helmOk(args: string[]): Promise<string> {
  const run = await runHelm(args);
  if (run.status !== 0) throw new Error(`helm ${args.join(' ')} failed:\n${run.stderr}`);
  return run.stdout;
}

const api = () => {
  if (!cp) throw new Error('the control plane did not start');
  return cp.api;
};

/** The ReplicaSet a Deployment runs now: the one carrying the Deployment's revision. */
async function currentReplicaSet(deployment: K8sDoc): Promise<KubeObject> {
  const live = await api().get(inNamespace('apps/v1', 'deployments', deployment.metadata.name));
  const revision = live.metadata.annotations?.['deployment.kubernetes.io/revision'];
  const sets = await api().list(inNamespace('apps/v1', 'replicasets'), INSTANCE);
  const current = sets.find(
    (rs) =>
      rs.metadata.ownerReferences?.some((o) => o.uid === live.metadata.uid) &&
      rs.metadata.annotations?.['deployment.kubernetes.io/revision'] === revision,
  );
  if (!current) throw new Error(`${deployment.metadata.name}: no ReplicaSet of revision ${revision}`);
  return current;
}

/** Every Deployment rolled out with its replicas, every pod Running and Ready on a node. */
async function expectAllAvailable(): Promise<void> {
  for (const deployment of deployments) {
    const name = deployment.metadata.name;
    const replicas = expectedReplicas(docs, deployment);
    const live = await api().get(inNamespace('apps/v1', 'deployments', name));
    expect({ name, observed: live.status?.observedGeneration === live.metadata.generation }).toEqual({
      name,
      observed: true,
    });
    expect({ name, ...live.status }).toMatchObject({
      name,
      replicas,
      updatedReplicas: replicas,
      readyReplicas: replicas,
      availableReplicas: replicas,
    });
    const pods = await livePods(api(), deployment.spec.selector.matchLabels);
    expect({ name, pods: pods.length }).toEqual({ name, pods: replicas });
    for (const pod of nonEmpty(pods, `${name} pods`)) {
      const ready = pod.status?.conditions?.find((c: { type: string }) => c.type === 'Ready')?.status;
      expect({
        pod: pod.metadata.name,
        phase: pod.status?.phase,
        ready,
        node: Boolean(pod.spec.nodeName),
      }).toEqual({ pod: pod.metadata.name, phase: 'Running', ready: 'True', node: true });
    }
  }
}

/** Names of the release's live objects of one kind. */
async function liveNames(apiVersion: string, resource: string): Promise<string[]> {
  return (await api().list(inNamespace(apiVersion, resource), INSTANCE)).map((o) => o.metadata.name);
}

/** The release's hooks as helm recorded their last run (`helm status -o json`). */
async function releaseHooks(): Promise<
  { kind: string; events: string[]; phase: string; completedAt: number }[]
> {
  const status = JSON.parse(await helmOk(['status', RELEASE, '-o', 'json'])) as {
    hooks?: { kind: string; events: string[]; last_run: { phase: string; completed_at: string } }[];
  };
  return (status.hooks ?? [])
    .filter((hook) => hook.kind === 'Job')
    .map((hook) => ({
      kind: hook.kind,
      events: hook.events,
      phase: hook.last_run.phase,
      completedAt: Date.parse(hook.last_run.completed_at),
    }));
}

beforeAll(async () => {
  await helm();
  docs = render([production], setPairs(IMAGES));
  deployments = nonEmpty(ofKind(docs, 'Deployment'), 'rendered Deployments');
  cp = await startControlPlane({ log: (line) => process.stderr.write(`${line}\n`) });
  runHelm = helmInCluster(cp);
  await cp.api.create('/api/v1/namespaces', { metadata: { name: NAMESPACE } });
  for (const secret of secretsToCreate(docs)) await cp.api.create(inNamespace('v1', 'secrets'), secret);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await cp?.stop();
});

/** Every certificate Secret of the chart's own CA (peerTls.mode generate), by name: its files. */
let peerCertificatesAtInstall: Record<string, unknown> = {};
const peerCertificatesOf = (secrets: KubeObject[]): Record<string, unknown> =>
  Object.fromEntries(
    secrets
      .filter((s) => /^travel-partner-travel-peer-(ca|tls-[a-z-]+)$/.test(s.metadata.name))
      .map((s) => [s.metadata.name, s.data]),
  );

describe('the production example in a real control plane', () => {
  it(
    'when installed with --wait, then every Deployment is available with its replicas, spread over the zones',
    async () => {
      const watch = watchHookOrder(api(), () => liveNames('apps/v1', 'deployments'));
      await helmOk(['install', RELEASE, chartDir, '-f', production, ...IMAGES, ...HELM_WAIT]);
      hookOrder.set('install', await watch.stop());
      // Autoscaled Deployments start at one replica; their autoscaler raises them to its minimum.
      await waitFor(expectAllAvailable, SETTLE);
      for (const deployment of deployments) {
        const name = deployment.metadata.name;
        const process = deployment.metadata.labels?.['app.kubernetes.io/component'];
        const pods = await livePods(api(), deployment.spec.selector.matchLabels);
        expect(pods[0]?.spec.containers[0].image).toBe(`partner-travel/${process}:${TAG}`);
        const nodes = await api().list('/api/v1/nodes');
        const zoneOf = new Map(nodes.map((n) => [n.metadata.name, n.metadata.labels?.[ZONE_LABEL] ?? '']));
        const constraints = podSpecOf(deployment).topologySpreadConstraints ?? [];
        // The spread is checked per constraint: both must be rendered, or a lost one would go unchecked.
        expect({ name, keys: constraints.map((c: { topologyKey: string }) => c.topologyKey).sort() }).toEqual(
          {
            name,
            keys: ['kubernetes.io/hostname', ZONE_LABEL],
          },
        );
        for (const constraint of constraints) {
          const domainOf = (node: string) =>
            constraint.topologyKey === ZONE_LABEL ? zoneOf.get(node) : node;
          const domains = new Set(nodes.map((n) => domainOf(n.metadata.name)));
          const counts = [...domains].map((d) => pods.filter((p) => domainOf(p.spec.nodeName) === d).length);
          const skew = Math.max(...counts) - Math.min(...counts);
          // On failure the object shows the process, the key and the pods per domain.
          expect({
            name,
            key: constraint.topologyKey,
            counts,
            withinSkew: skew <= constraint.maxSkew,
          }).toMatchObject({
            withinSkew: true,
          });
        }
        firstHash.set(
          name,
          (await currentReplicaSet(deployment)).metadata.labels?.['pod-template-hash'] ?? '',
        );
      }
    },
    HELM_STEP_TIMEOUT_MS,
  );

  it('then the index migrations Job ran as a hook and completed before any Deployment was created', async () => {
    // Every poll that saw a Deployment found the Job complete (or deleted after success), and saw the Job at all.
    expect(hookOrder.get('install')).toMatchObject({ seen: true, done: true, early: [] });
    const hooks = await releaseHooks();
    expect(hooks).toEqual([
      expect.objectContaining({ kind: 'Job', events: ['pre-install', 'pre-upgrade'], phase: 'Succeeded' }),
    ]);
    // helm's own record of the run: finished no later than the first Deployment was created (second precision).
    const created = (
      await api().list<{ metadata: { creationTimestamp: string } }>(
        inNamespace('apps/v1', 'deployments'),
        INSTANCE,
      )
    ).map((d) => Date.parse(d.metadata.creationTimestamp));
    expect(Math.floor((hooks[0]?.completedAt ?? Infinity) / 1000) * 1000).toBeLessThanOrEqual(
      Math.min(...created),
    );
    // Helm removed the Job and the hooks it needed once they succeeded: nothing of them is left running.
    expect(await api().list(inNamespace('batch/v1', 'jobs'), INSTANCE)).toEqual([]);
  });

  it('then the PodDisruptionBudgets, NetworkPolicies and autoscalers are as rendered and act on the pods', async () => {
    const byName = new Map(deployments.map((d) => [d.metadata.name, d]));
    for (const pdb of nonEmpty(ofKind(docs, 'PodDisruptionBudget'), 'rendered PodDisruptionBudgets')) {
      const live = await api().get(inNamespace('policy/v1', 'poddisruptionbudgets', pdb.metadata.name));
      expect(live.spec).toMatchObject(pdb.spec);
      const deployment = byName.get(pdb.metadata.name);
      const replicas = deployment ? expectedReplicas(docs, deployment) : -1;
      // The disruption controller found exactly the process's pods through the budget's selector.
      await waitFor(async () => {
        const status = (await api().get(inNamespace('policy/v1', 'poddisruptionbudgets', pdb.metadata.name)))
          .status;
        expect({
          pdb: pdb.metadata.name,
          expectedPods: status.expectedPods,
          healthy: status.currentHealthy,
        }).toEqual({ pdb: pdb.metadata.name, expectedPods: replicas, healthy: replicas });
        expect(status.disruptionsAllowed).toBeGreaterThanOrEqual(1);
      }, SETTLE);
    }
    const policies = ofKind(docs, 'NetworkPolicy').filter((doc) => !isHook(doc));
    for (const policy of nonEmpty(policies, 'rendered NetworkPolicies')) {
      const live = await api().get(
        inNamespace('networking.k8s.io/v1', 'networkpolicies', policy.metadata.name),
      );
      expect(live.spec).toMatchObject(policy.spec);
      const pods = await livePods(api(), policy.spec.podSelector.matchLabels);
      const deployment = byName.get(policy.metadata.name);
      expect(pods.length).toBe(deployment ? expectedReplicas(docs, deployment) : -1);
    }
    for (const hpa of nonEmpty(
      ofKind(docs, 'HorizontalPodAutoscaler'),
      'rendered HorizontalPodAutoscalers',
    )) {
      const live = await api().get(
        inNamespace('autoscaling/v2', 'horizontalpodautoscalers', hpa.metadata.name),
      );
      expect(live.spec).toMatchObject(hpa.spec);
      // The autoscaler controller took it in and scaled its target to the minimum; without metrics-server it
      // cannot read CPU (ScalingActive False), which is this machine, not the chart.
      await waitFor(async () => {
        const status = (
          await api().get(inNamespace('autoscaling/v2', 'horizontalpodautoscalers', hpa.metadata.name))
        ).status;
        expect({ hpa: hpa.metadata.name, currentReplicas: status.currentReplicas }).toEqual({
          hpa: hpa.metadata.name,
          currentReplicas: hpa.spec.minReplicas,
        });
        expect(status.conditions).toEqual(
          expect.arrayContaining([expect.objectContaining({ type: 'AbleToScale', status: 'True' })]),
        );
      }, SETTLE);
    }
  });

  it('then each Service selects exactly the pods of its process, on the ports they name', async () => {
    const services = ofKind(docs, 'Service');
    expect(services.length).toBeGreaterThan(0);
    for (const service of services) {
      const name = service.metadata.name;
      const live = await api().get(inNamespace('v1', 'services', name));
      expect(live.spec).toMatchObject(service.spec);
      const deployment = deployments.find(
        (d) =>
          d.metadata.labels?.['app.kubernetes.io/component'] ===
          service.spec.selector['app.kubernetes.io/component'],
      );
      const containerPorts = new Map<string, number>(
        (deployment ? podSpecOf(deployment).containers : []).flatMap(
          (c: { ports?: { name: string; containerPort: number }[] }) =>
            (c.ports ?? []).map((p) => [p.name, p.containerPort]),
        ),
      );
      await waitFor(async () => {
        const pods = (await livePods(api(), service.spec.selector)).map((p) => p.metadata.name).sort();
        const slices = await api().list(
          inNamespace('discovery.k8s.io/v1', 'endpointslices'),
          `kubernetes.io/service-name=${name}`,
        );
        const endpoints = slices.flatMap((s) => s.endpoints ?? []);
        expect({ name, pods: endpoints.map((e) => e.targetRef?.name).sort() }).toEqual({
          name,
          pods: nonEmpty(pods, `${name} pods`),
        });
        expect(endpoints.every((e) => e.conditions?.ready === true)).toBe(true);
        // A named targetPort resolves only where the pod has a container port of that name.
        for (const slice of nonEmpty(slices, `${name} EndpointSlices`)) {
          const ports = (slice.ports ?? []).map((p: { name: string; port: number }) => [p.name, p.port]);
          const want = service.spec.ports.map((p: { name: string; targetPort: string | number }) => [
            p.name,
            typeof p.targetPort === 'number' ? p.targetPort : containerPorts.get(p.targetPort),
          ]);
          expect({ name, ports: ports.sort() }).toEqual({ name, ports: want.sort() });
        }
      }, SETTLE);
    }
  });

  it('then every Secret a process reads exists with the key it names, where the pod reads it', async () => {
    const secrets = await api().list(inNamespace('v1', 'secrets'));
    peerCertificatesAtInstall = peerCertificatesOf(secrets);
    // The partner console's web server calls no service and holds no credential: no certificate, no Secret
    // (chart-peer-tls.test.ts). Every other process reads at least its own certificate.
    const isConsole = (deployment: K8sDoc) =>
      deployment.metadata.labels?.['app.kubernetes.io/component'] === 'console';
    const withSecrets = deployments.filter((deployment) => !isConsole(deployment));
    // The chart's CA made one certificate per process but the console and one for the gateway's webhook route
    // (peer-tls.yaml).
    expect(Object.keys(peerCertificatesAtInstall).length).toBe(withSecrets.length + 2);
    const keysOf = new Map(secrets.map((s) => [s.metadata.name, Object.keys(s.data ?? {})]));
    for (const deployment of deployments) {
      const [pod] = await livePods(api(), deployment.spec.selector.matchLabels);
      const refs = secretReferences(pod?.spec);
      // The pod reads what the chart rendered, nothing lost or added by admission.
      expect(refs).toEqual(secretReferences(podSpecOf(deployment)));
      if (isConsole(deployment)) {
        expect(refs).toEqual([]);
        continue;
      }
      for (const ref of nonEmpty(refs, `${deployment.metadata.name} Secret references`)) {
        expect({ ...ref, exists: keysOf.has(ref.name) }).toEqual({ ...ref, exists: true });
        for (const key of ref.keys)
          expect({ ...ref, key, has: keysOf.get(ref.name)?.includes(key) }).toMatchObject({ has: true });
      }
      // A Secret volume is there to be read: some container mounts it.
      const mounted = new Set(
        pod?.spec.containers.flatMap((c: { volumeMounts?: { name: string }[] }) =>
          (c.volumeMounts ?? []).map((m) => m.name),
        ),
      );
      const volumes: { name: string; secret?: unknown; projected?: { sources?: { secret?: unknown }[] } }[] =
        pod?.spec.volumes;
      for (const volume of nonEmpty(volumes, `${deployment.metadata.name} volumes`))
        if (volume.secret || volume.projected?.sources?.some((s) => s.secret))
          expect({ volume: volume.name, mounted: mounted.has(volume.name) }).toEqual({
            volume: volume.name,
            mounted: true,
          });
    }
  });

  it(
    'when upgraded with a changed value, then every Deployment rolls to a new ReplicaSet as revision 2',
    async () => {
      const upgraded = render([production], setPairs([...IMAGES, ...UPGRADE]));
      const template = (d: K8sDoc[], name: string) =>
        JSON.stringify(ofKind(d, 'Deployment').find((x) => x.metadata.name === name)?.spec.template);
      // The change reaches every pod template (the ConfigMap checksum), so every Deployment must roll.
      for (const deployment of deployments)
        expect(template(upgraded, deployment.metadata.name)).not.toBe(
          template(docs, deployment.metadata.name),
        );
      // A rollout has begun once its Deployment has a ReplicaSet of revision 2.
      const watch = watchHookOrder(api(), async () =>
        (await api().list(inNamespace('apps/v1', 'replicasets'), INSTANCE))
          .filter((rs) => rs.metadata.annotations?.['deployment.kubernetes.io/revision'] === '2')
          .map((rs) => rs.metadata.name),
      );
      await helmOk(['upgrade', RELEASE, chartDir, '-f', production, ...IMAGES, ...UPGRADE, ...HELM_WAIT]);
      hookOrder.set('upgrade', await watch.stop());
      // The migrations ran again, and every Deployment rolled only after they completed.
      expect(hookOrder.get('upgrade')).toMatchObject({ seen: true, done: true, early: [] });
      await waitFor(expectAllAvailable, SETTLE);
      for (const deployment of deployments) {
        const current = await currentReplicaSet(deployment);
        const hash = current.metadata.labels?.['pod-template-hash'];
        expect({
          name: deployment.metadata.name,
          revision: current.metadata.annotations?.['deployment.kubernetes.io/revision'],
        }).toEqual({ name: deployment.metadata.name, revision: '2' });
        expect(hash).not.toBe(firstHash.get(deployment.metadata.name));
        const pods = await livePods(api(), deployment.spec.selector.matchLabels);
        expect(pods.map((p) => p.metadata.labels?.['pod-template-hash'])).toEqual(pods.map(() => hash));
      }
      const history = JSON.parse(await helmOk(['history', RELEASE, '-o', 'json'])) as {
        revision: number;
        status: string;
      }[];
      expect(history.at(-1)).toMatchObject({ revision: 2, status: 'deployed' });
      // The upgrade looked up the CA and the certificates it made, and kept them (docs/caller-trust.md).
      expect(peerCertificatesOf(await api().list(inNamespace('v1', 'secrets')))).toEqual(
        peerCertificatesAtInstall,
      );
    },
    HELM_STEP_TIMEOUT_MS,
  );

  it(
    'when rolled back to revision 1, then revision 3 runs the first pod templates again',
    async () => {
      const watch = watchHookOrder(api(), async () => []);
      await helmOk(['rollback', RELEASE, '1', ...HELM_WAIT]);
      // A rollback runs no migration (it is no pre-rollback hook): the newer indexes stay (docs/deploy.md).
      expect(await watch.stop()).toMatchObject({ seen: false });
      await waitFor(expectAllAvailable, SETTLE);
      for (const deployment of deployments) {
        const current = await currentReplicaSet(deployment);
        // Kubernetes takes the first ReplicaSet back (same template, same hash) as the Deployment's revision 3.
        expect({
          name: deployment.metadata.name,
          revision: current.metadata.annotations?.['deployment.kubernetes.io/revision'],
          hash: current.metadata.labels?.['pod-template-hash'],
        }).toEqual({
          name: deployment.metadata.name,
          revision: '3',
          hash: firstHash.get(deployment.metadata.name),
        });
      }
      const history = JSON.parse(await helmOk(['history', RELEASE, '-o', 'json'])) as {
        revision: number;
        status: string;
        description: string;
      }[];
      expect(history.at(-1)).toMatchObject({ revision: 3, status: 'deployed', description: 'Rollback to 1' });
    },
    HELM_STEP_TIMEOUT_MS,
  );

  it(
    'when uninstalled, then nothing of the release is left',
    async () => {
      await helmOk(['uninstall', RELEASE, '--wait', '--timeout', '5m']);
      // Every kind the chart renders, and what the controllers made from them (garbage-collected after).
      const kinds = new Map(docs.map((d) => [`${d.apiVersion} ${d.kind}`, d]));
      for (const [apiVersion, kind] of [
        ['apps/v1', 'ReplicaSet'],
        ['v1', 'Pod'],
        ['discovery.k8s.io/v1', 'EndpointSlice'],
      ])
        kinds.set(`${apiVersion} ${kind}`, {
          apiVersion: apiVersion ?? '',
          kind: kind ?? '',
          metadata: { name: '' },
        });
      for (const { apiVersion, kind } of kinds.values()) {
        const path = await resourcePath(api(), apiVersion, kind);
        await waitFor(async () => {
          const left = (await api().list(path, INSTANCE)).map((o) => o.metadata.name);
          expect({ kind, left }).toEqual({ kind, left: [] });
        }, SETTLE);
      }
      const releases = await api().list(inNamespace('v1', 'secrets'), `owner=helm,name=${RELEASE}`);
      expect(releases).toEqual([]);
    },
    HELM_STEP_TIMEOUT_MS,
  );
});
