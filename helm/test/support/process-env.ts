import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type K8sDoc, ofKind, packageDirOf, repoRoot } from './chart';

/** A container's environment as Kubernetes would give it: its ConfigMap's data and its Secrets' keys resolved. */
export interface ResolvedProcess {
  name: string;
  command: string[];
  workingDir: string;
  env: Record<string, string>;
  /** Credential variables that name a Secret the chart did not render (a Secret the operator manages). */
  externalSecrets: { variable: string; secret: string; key: string }[];
}

interface Container {
  command: string[];
  workingDir: string;
  envFrom?: { configMapRef?: { name: string } }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
}

export function resolveProcesses(docs: K8sDoc[]): ResolvedProcess[] {
  const resolve = containerResolver(docs);
  return ofKind(docs, 'Deployment').map((deployment) => {
    const [container] = deployment.spec.template.spec.containers as Container[];
    if (!container) throw new Error(`${deployment.metadata.name} has no container`);
    const name = deployment.metadata.labels?.['app.kubernetes.io/component'] ?? '';
    return resolve(name, container);
  });
}

/**
 * The index migrations hook Job's containers (one per process that owns a database, named for it), resolved the same
 * way: the Secrets the hook makes for itself count as rendered.
 */
export function resolveMigrations(docs: K8sDoc[]): ResolvedProcess[] {
  const resolve = containerResolver(docs);
  const job = ofKind(docs, 'Job').find(
    (doc) => doc.metadata.labels?.['app.kubernetes.io/component'] === 'migrations',
  );
  const containers = (job?.spec.template.spec.containers ?? []) as (Container & { name: string })[];
  return containers.map((container) => resolve(container.name, container));
}

function containerResolver(docs: K8sDoc[]): (name: string, container: Container) => ResolvedProcess {
  const configMaps = new Map(ofKind(docs, 'ConfigMap').map((d) => [d.metadata.name, d.data ?? {}]));
  const secrets = new Map(ofKind(docs, 'Secret').map((d) => [d.metadata.name, d.data ?? {}]));
  return (name, container) => {
    const env: Record<string, string> = {};
    const externalSecrets: ResolvedProcess['externalSecrets'] = [];
    for (const source of container.envFrom ?? []) {
      const configMap = source.configMapRef?.name ?? '';
      const data = configMaps.get(configMap);
      if (!data) throw new Error(`${name} reads ConfigMap ${configMap}, which is not rendered`);
      Object.assign(env, data);
    }
    for (const variable of container.env ?? []) {
      const ref = variable.valueFrom?.secretKeyRef;
      if (variable.value !== undefined) env[variable.name] = variable.value;
      else if (ref) {
        const encoded = secrets.get(ref.name)?.[ref.key];
        if (encoded === undefined)
          externalSecrets.push({ variable: variable.name, secret: ref.name, key: ref.key });
        else env[variable.name] = Buffer.from(encoded, 'base64').toString('utf8');
      }
    }
    return { name, command: container.command, workingDir: container.workingDir, env, externalSecrets };
  };
}

const KEY = /^\s+([A-Z][A-Z0-9_]+):/gm;
const keysOf = (text: string) => [...text.matchAll(KEY)].map((m) => m[1] as string);

/** The variables of each field group of @travel/config (serviceFields, mongoFields, kafkaFields). */
function fieldGroups(): Record<string, string[]> {
  const text = readFileSync(join(repoRoot, 'packages', 'config', 'src', 'service-fields.ts'), 'utf8');
  const groups: Record<string, string[]> = {};
  const spreads: Record<string, string[]> = {};
  for (const block of text.split(/^export /m).slice(1)) {
    const name = /^(?:function|const)\s+(\w+)/.exec(block)?.[1];
    if (!name) continue;
    groups[name] = keysOf(block);
    spreads[name] = [...block.matchAll(/\.\.\.(\w+)/g)].map((m) => m[1] as string);
  }
  // A group that spreads another (serviceFields spreads tracingFields, which may spread a third) reads its
  // variables too.
  const variablesOf = (name: string): string[] => [
    ...(groups[name] ?? []),
    ...(spreads[name] ?? []).flatMap(variablesOf),
  ];
  return Object.fromEntries(Object.keys(groups).map((name) => [name, variablesOf(name)]));
}

/**
 * Every environment variable a process's src/config.ts reads (its own fields and the shared groups it spreads), or
 * another entry file of its package (`src/commands/migrate.ts`).
 */
export function configVariables(process: string, file = 'config.ts'): Set<string> {
  const text = readFileSync(join(packageDirOf(process), 'src', file), 'utf8');
  const names = new Set(keysOf(text));
  for (const [group, keys] of Object.entries(fieldGroups()))
    if (new RegExp(`\\b${group}\\b`).test(text)) for (const key of keys) names.add(key);
  // The gateway spells NODE_ENV and LOG_LEVEL out itself (nodeEnv(), logLevel()).
  return names;
}
