import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureHelm } from '@travel/local-deploy';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

export const repoRoot = resolve(__dirname, '..', '..', '..');
export const chartDir = join(repoRoot, 'helm', 'partner-travel');
export const exampleFiles = ['small.yaml', 'production.yaml'].map((f) => join(chartDir, 'examples', f));
/**
 * The Kubernetes release we render for and validate against: the API schemas kubernetes-models 5.1 ships
 * (resource.k8s.io/v1 and the other 1.34 APIs). Our helm's own default (1.20) is older than the chart allows.
 */
export const KUBE_VERSION = '1.34.0';
export const RELEASE = 'travel';
export const NAMESPACE = 'travel';

/** A cold build of helm takes minutes (once per machine); afterwards ensureHelm answers at once. */
export const HELM_BUILD_TIMEOUT_MS = 15 * 60_000;

let helmPath: string | undefined;
export async function helm(): Promise<string> {
  helmPath ??= await ensureHelm({ log: (line) => process.stderr.write(`${line}\n`) });
  return helmPath;
}

export interface K8sDoc {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // biome-ignore lint/suspicious/noExplicitAny: rendered manifests are read as plain JSON and checked field by field.
  spec?: any;
  data?: Record<string, string>;
  /** A Secret's type (`kubernetes.io/tls`). */
  type?: string;
}

/** `helm <args>` with our pinned helm: stdout, stderr and the exit code (never throws). */
export function runHelm(args: string[]): { status: number; stdout: string; stderr: string } {
  if (!helmPath) throw new Error('call helm() in beforeAll first');
  const result = spawnSync(helmPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** `helm template` of the chart with these values files and --set pairs; throws with helm's message on failure. */
export function render(valuesFiles: string[] = [], set: string[] = []): K8sDoc[] {
  const args = ['template', RELEASE, chartDir, '--namespace', NAMESPACE, '--kube-version', KUBE_VERSION];
  for (const file of valuesFiles) args.push('--values', file);
  for (const pair of set) args.push('--set', pair);
  const { status, stdout, stderr } = runHelm(args);
  if (status !== 0) throw new Error(stderr.trim());
  return parseAllDocuments(stdout)
    .map((doc) => doc.toJS() as K8sDoc | null)
    .filter((doc): doc is K8sDoc => doc !== null);
}

/** The chart's default values as parsed YAML. */
export function defaultValues(): {
  processes: Record<string, Record<string, unknown>>;
  credentials?: Record<string, unknown>;
  grpc: { probePort: number };
} {
  return parseYaml(readFileSync(join(chartDir, 'values.yaml'), 'utf8'));
}

export const ofKind = (docs: K8sDoc[], kind: string) => docs.filter((doc) => doc.kind === kind);
export const component = (doc: K8sDoc) => doc.metadata.labels?.['app.kubernetes.io/component'] ?? '';

/**
 * Every document checked against the Kubernetes API schemas that kubernetes-models ships. The package is ESM
 * only, which jest's CommonJS runtime cannot load, so a plain node process does the checking.
 */
export function schemaProblems(docs: K8sDoc[]): string[] {
  const out = execFileSync(process.execPath, [join(__dirname, 'validate-kubernetes.mjs')], {
    input: JSON.stringify(docs),
    encoding: 'utf8',
    cwd: join(repoRoot, 'helm'),
  });
  return JSON.parse(out) as string[];
}

/** The package of a process (its image is built from it): the gateway, or services/<name>. */
export function packageDirOf(process: string): string {
  if (process === 'gateway' || process === 'console') return join(repoRoot, process);
  return join(repoRoot, 'services', process);
}
