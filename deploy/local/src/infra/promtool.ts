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
  // Without service discovery (the cloud SDKs, Kubernetes' client), which rule checks never use: 18 min instead of
  // 50 measured cold on 2 cores shared with six other builds. A second caller waits for the first one's build.
  tags: ['remove_all_sd'],
  coldBuild: 'up to ~20 min on 2 busy cores',
  lockTimeoutMs: 45 * 60_000,
};

export function promtoolBinary(env: NodeJS.ProcessEnv = process.env): string {
  return goToolBinary(PROMTOOL, env);
}

/** The path of our pinned promtool, built once with `go install` into ~/.cache/partner-travel (as helm is). */
export function ensurePromtool(opts: InfraOptions = {}): Promise<string> {
  return ensureGoTool(PROMTOOL, opts);
}
