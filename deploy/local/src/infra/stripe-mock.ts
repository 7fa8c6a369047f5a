import { ensureGoTool, type GoTool, goToolBinary } from './go-tool';
import type { InfraOptions } from './types';

/**
 * The one place stripe-mock's version is pinned: billing's Stripe adapter is tested against exactly this
 * release of Stripe's own mock server (it validates every request against Stripe's published OpenAPI).
 */
export const STRIPE_MOCK_VERSION = 'v0.203.0';

const STRIPE_MOCK: GoTool = {
  name: 'stripe-mock',
  module: 'github.com/stripe/stripe-mock',
  version: STRIPE_MOCK_VERSION,
  coldBuild: '~1 min on 2 cores',
  lockTimeoutMs: 15 * 60_000,
};

export function stripeMockBinary(env: NodeJS.ProcessEnv = process.env): string {
  return goToolBinary(STRIPE_MOCK, env);
}

/** The path of our pinned stripe-mock, built once with `go install` into ~/.cache/partner-travel (as helm is). */
export function ensureStripeMock(opts: InfraOptions = {}): Promise<string> {
  return ensureGoTool(STRIPE_MOCK, opts);
}
