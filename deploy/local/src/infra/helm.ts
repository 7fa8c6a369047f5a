import { ensureGoTool, type GoTool, goToolBinary } from './go-tool';
import type { InfraOptions } from './types';

/** The one place Helm's version is pinned: the chart's tests lint and render with exactly this release. */
export const HELM_VERSION = 'v3.21.4';

const HELM: GoTool = {
  name: 'helm',
  module: 'helm.sh/helm/v3/cmd/helm',
  version: HELM_VERSION,
  coldBuild: '~2 min on 2 cores',
  // A slow proxy or a busy machine can triple a cold build.
  lockTimeoutMs: 15 * 60_000,
};

export function helmBinary(env: NodeJS.ProcessEnv = process.env): string {
  return goToolBinary(HELM, env);
}

/**
 * The path of our pinned helm, built once with `go install` into ~/.cache/partner-travel (like the store)
 * and reused after; concurrent callers (jest workers, a CLI) wait for the one build.
 */
export function ensureHelm(opts: InfraOptions = {}): Promise<string> {
  return ensureGoTool(HELM, opts);
}
