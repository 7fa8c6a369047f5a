// The gateway's access control and middleware (docs/decisions/mutation-gateway.md).
import { mutationTarget, WINDOWS } from './target.mjs';

export default mutationTarget({
  name: 'gateway',
  mutate: [
    'gateway/src/access/**/*.ts',
    'gateway/src/middleware/**/*.ts',
    '!gateway/src/**/*.fixture.ts',
    // gRPC and Kafka wiring, proven against a running identity and broker (gateway/test/access-cache.test.ts, the
    // e2e access suites), which no mutant run can afford.
    '!gateway/src/access/access-directory.ts',
    '!gateway/src/access/identity-changes.listener.ts',
    '!gateway/src/access/customer-tokens.ts',
    // The Redis windows are a target of their own (stryker/gateway-windows.config.mjs): only their component test
    // against a real Redis proves them, at seconds per mutant.
    ...WINDOWS.map((file) => `!${file}`),
  ],
  // The gateway's unit tests.
  tests: ['<rootDir>/gateway/src/**/*.test.ts'],
  tsconfigFile: 'gateway/tsconfig.json',
  // A test a mutant left hanging (a request never answered) fails at jest's 8 s, well before Stryker's own timeout
  // (20 s more than the covering tests took), which would restart the runner (tens of seconds each time). 8 s, not
  // less: on the loaded machine the slowest unit test took over 2 s in Stryker's first run.
  testTimeoutMs: 8000,
  options: {
    // Every test that covers a mutant runs and every one that fails is listed, so the report tells which mutants
    // the tests from before issue 47 killed ("before") and which only the new ones did.
    disableBail: true,
    // A static mutant (module-level code: a constant, a table) is covered by every test, so each runs all 560
    // tests in a fresh runner: 83 such mutants took half of a two-hour run. They are left out of this target's
    // score and listed as ignored in its report.
    ignoreStatic: true,
    timeoutMS: 20_000,
  },
});
