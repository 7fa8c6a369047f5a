import { ensureGoTool, type GoTool, goToolBinary } from './go-tool';
import type { InfraOptions } from './types';

/**
 * The one place promtool's version is pinned: the chart's alert rules are checked and unit-tested with exactly
 * this release. Prometheus tags its Go module v0.<minor><patch> for release 3.<minor>.<patch> (v0.316.0: 3.16.0).
 */
export const PROMTOOL_VERSION = 'v0.316.0';

const PROMTOOL: GoTool = {
  name: 'promtool',
  module: 'github.com/prometheus/prometheus/cmd/promtool',
  version: PROMTOOL_VERSION,
  // It links Prometheus's service discovery (cloud SDKs, Kubernetes): 50 min measured cold on 2 cores shared
  // with six other builds; a second caller waits that long for the first one's build.
  coldBuild: 'a long one: up to ~50 min on 2 busy cores',
  lockTimeoutMs: 75 * 60_000,
};

export function promtoolBinary(env: NodeJS.ProcessEnv = process.env): string {
  return goToolBinary(PROMTOOL, env);
}

/** The path of our pinned promtool, built once with `go install` into ~/.cache/partner-travel (as helm is). */
export function ensurePromtool(opts: InfraOptions = {}): Promise<string> {
  return ensureGoTool(PROMTOOL, opts);
}
