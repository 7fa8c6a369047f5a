import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './chart';

// The metric names the platform exports, read from its sources (every counter, histogram and gauge is declared
// through @travel/metrics' helpers with its name as a literal), so that alert rules and dashboard panels can be
// checked against what really exists.

const DECLARATION = /\b(counter|histogram|gauge|gaugeOnScrape)\(\s*'([a-z_:][a-z0-9_:]*)'/g;
const SOURCE_ROOTS = ['packages', 'services', 'gateway'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'test') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every metric declared in the sources: name → kind. */
export function declaredMetrics(): Map<string, string> {
  const found = new Map<string, string>();
  for (const root of SOURCE_ROOTS)
    for (const file of sourceFiles(join(repoRoot, root)))
      for (const [, kind, name] of readFileSync(file, 'utf8').matchAll(DECLARATION))
        found.set(name as string, kind as string);
  return found;
}

/** prom-client's default process metrics (collectProcessMetrics), from the prom-client packages/metrics uses. */
function processMetrics(): Map<string, string> {
  const promClient = createRequire(join(repoRoot, 'packages', 'metrics', 'package.json'))('prom-client');
  const register = new promClient.Registry();
  promClient.collectDefaultMetrics({ register });
  const metrics = register.getMetricsAsArray() as { name: string; type: string }[];
  return new Map(metrics.map(({ name, type }) => [name, type]));
}

/** Series names kube-state-metrics exports that the rules and the dashboard read (replicas per Deployment). */
export const KUBE_STATE_METRICS = [
  'kube_deployment_spec_replicas',
  'kube_deployment_status_replicas_available',
];

/** Every series name a query may select: the platform's (a histogram's _bucket, _sum and _count), then kube-state-metrics'. */
export function exportedSeries(): Set<string> {
  const names = new Set(KUBE_STATE_METRICS);
  for (const [name, kind] of [...declaredMetrics(), ...processMetrics()]) {
    if (kind === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    else names.add(name);
  }
  return names;
}

/** The series names a PromQL expression selects: every name written before a `{` matcher. */
export function selectedSeries(expr: string): string[] {
  return [...expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{/g)].map((match) => match[1] as string);
}
