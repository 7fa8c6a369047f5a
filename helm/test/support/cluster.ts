import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ControlPlane, KubeClient, KubeObject } from '@travel/local-deploy';
import { helm, type K8sDoc, NAMESPACE, ofKind } from './chart';

const groupPath = (apiVersion: string) =>
  apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;

/** The API path of a resource in the test's namespace: `inNamespace('apps/v1', 'deployments', name)`. */
export const inNamespace = (apiVersion: string, resource: string, name = ''): string =>
  `${groupPath(apiVersion)}/namespaces/${NAMESPACE}/${resource}${name ? `/${name}` : ''}`;

/** The namespaced API path of a kind (`/apis/apps/v1/namespaces/travel/deployments`), from API discovery. */
export async function resourcePath(api: KubeClient, apiVersion: string, kind: string): Promise<string> {
  const { resources } = await api.get<{ resources: { name: string; kind: string }[] }>(groupPath(apiVersion));
  const resource = resources.find((r) => r.kind === kind && !r.name.includes('/'));
  if (!resource) throw new Error(`the API server serves no ${kind} in ${apiVersion}`);
  return inNamespace(apiVersion, resource.name);
}

export interface HelmRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * `helm <args>` against the control plane, with helm's own folders in a scratch directory (nothing of the
 * user's helm configuration is read or written). Asynchronous, so `--wait` never blocks the test's event loop.
 */
export function helmInCluster(cp: ControlPlane): (args: string[]) => Promise<HelmRun> {
  const home = mkdtempSync(join(tmpdir(), 'helm-cluster-'));
  const env = {
    ...process.env,
    HELM_CACHE_HOME: join(home, 'cache'),
    HELM_CONFIG_HOME: join(home, 'config'),
    HELM_DATA_HOME: join(home, 'data'),
  };
  return async (args) => {
    const child = spawn(await helm(), [...args, '--kubeconfig', cp.kubeconfig, '--namespace', NAMESPACE], {
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const status = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
    return { status, stdout, stderr };
  };
}

/** A rendered Deployment's pod spec (the chart's processes are all Deployments). */
// biome-ignore lint/suspicious/noExplicitAny: rendered manifests are read as plain JSON.
export const podSpecOf = (deployment: K8sDoc | KubeObject): any => deployment.spec.template.spec;

/** Secret names and keys a pod spec reads: env `secretKeyRef`, `envFrom`, secret and projected volumes. */
// biome-ignore lint/suspicious/noExplicitAny: a pod spec read as plain JSON.
export function secretReferences(podSpec: any): { name: string; keys: string[]; via: string }[] {
  const refs: { name: string; keys: string[]; via: string }[] = [];
  for (const container of [...(podSpec.initContainers ?? []), ...podSpec.containers]) {
    for (const env of container.env ?? []) {
      const ref = env.valueFrom?.secretKeyRef;
      if (ref) refs.push({ name: ref.name, keys: [ref.key], via: `${container.name} env ${env.name}` });
    }
    for (const from of container.envFrom ?? [])
      if (from.secretRef)
        refs.push({ name: from.secretRef.name, keys: [], via: `${container.name} envFrom` });
  }
  for (const volume of podSpec.volumes ?? []) {
    const itemKeys = (items?: { key: string }[]) => (items ?? []).map((item) => item.key);
    if (volume.secret)
      refs.push({
        name: volume.secret.secretName,
        keys: itemKeys(volume.secret.items),
        via: `volume ${volume.name}`,
      });
    for (const source of volume.projected?.sources ?? [])
      if (source.secret)
        refs.push({
          name: source.secret.name,
          keys: itemKeys(source.secret.items),
          via: `volume ${volume.name}`,
        });
  }
  return refs;
}

/**
 * The Secrets an install with existing Secrets needs beforehand, as an operator would create them: every
 * Secret the rendered pods read that the chart does not render itself, with every key they read (random
 * values: nothing runs the processes here), and the registries' pull Secrets.
 */
export function secretsToCreate(docs: K8sDoc[]): KubeObject[] {
  const rendered = new Set(ofKind(docs, 'Secret').map((s) => s.metadata.name));
  const keysBySecret = new Map<string, Set<string>>();
  const pullSecrets = new Set<string>();
  for (const deployment of ofKind(docs, 'Deployment')) {
    const spec = podSpecOf(deployment);
    for (const ref of secretReferences(spec)) {
      const keys = keysBySecret.get(ref.name) ?? new Set<string>();
      for (const key of ref.keys) keys.add(key);
      keysBySecret.set(ref.name, keys);
    }
    for (const pull of spec.imagePullSecrets ?? []) pullSecrets.add(pull.name);
  }
  const opaque = [...keysBySecret]
    .filter(([name]) => !rendered.has(name))
    .map(([name, keys]) => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name },
      type: 'Opaque',
      data: Object.fromEntries([...keys].map((key) => [key, randomBytes(32).toString('base64')])),
    }));
  const dockerConfig = Buffer.from(JSON.stringify({ auths: {} })).toString('base64');
  const pull = [...pullSecrets]
    .filter((name) => !rendered.has(name))
    .map((name) => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name },
      type: 'kubernetes.io/dockerconfigjson',
      data: { '.dockerconfigjson': dockerConfig },
    }));
  return [...opaque, ...pull];
}

/** `a=x,b=y` of a selector's matchLabels. */
export const labelSelector = (matchLabels: Record<string, string>): string =>
  Object.entries(matchLabels)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

/** The pods of a selector that are not on their way out (a rolled-over pod lingers a moment while deleted). */
export async function livePods(api: KubeClient, matchLabels: Record<string, string>): Promise<KubeObject[]> {
  const pods = await api.list(inNamespace('v1', 'pods'), labelSelector(matchLabels));
  return pods.filter((pod) => !pod.metadata.deletionTimestamp);
}

/** The replicas a Deployment should run: its own, or its HorizontalPodAutoscaler's minimum (no metrics here). */
export function expectedReplicas(docs: K8sDoc[], deployment: K8sDoc): number {
  const hpa = ofKind(docs, 'HorizontalPodAutoscaler').find(
    (h) =>
      h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === deployment.metadata.name,
  );
  return hpa ? hpa.spec.minReplicas : (deployment.spec.replicas ?? 1);
}
