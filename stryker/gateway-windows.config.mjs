// The gateway's Redis windows (rate limits, the failed-key limit, the fall-back to memory): killed by the gateway's
// unit tests and by the component test that runs them against a real Redis, two gateways sharing a window, Redis cut
// and stalled (gateway/test/rate-limits.test.ts). Needs REDIS_URL, by default the shared 127.0.0.1:6379.
// docs/decisions/mutation-gateway.md.
import { mutationTarget, WINDOWS } from './target.mjs';

export default mutationTarget({
  name: 'gateway-windows',
  mutate: WINDOWS,
  tests: ['<rootDir>/gateway/src/**/*.test.ts', '<rootDir>/gateway/test/rate-limits.test.ts'],
  tsconfigFile: 'gateway/tsconfig.json',
  // Its tests wait on Redis, seconds each: a hanging one fails at 15 s; Stryker's own timeout comes 30 s after the
  // covering tests' time (at the default 5 s, a loaded machine turned 58 of 62 mutants into timeouts).
  testTimeoutMs: 15_000,
  options: {
    // As the gateway's: every covering test runs, so the report tells what the tests from before issue 47 killed.
    disableBail: true,
    ignoreStatic: true,
    timeoutMS: 30_000,
  },
});
