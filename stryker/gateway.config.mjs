// Mutation testing of the gateway's access control and middleware (docs/decisions/mutation-gateway.md).
// Run: pnpm exec stryker run stryker/gateway.config.mjs
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const jestConfig = require('../jest.config.js');
const unit = jestConfig.projects.find((project) => project.displayName === 'unit');
const { displayName: _name, ...unitSettings } = unit;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
// biome-ignore lint/style/noDefaultExport: Stryker reads a config file's default export.
export default {
  // pnpm keeps each package's dependencies beside it, so Stryker's default plugin glob (next to its core) finds none.
  plugins: ['@stryker-mutator/jest-runner', '@stryker-mutator/typescript-checker'],
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    // The unit tier's settings, flat (Stryker's per-test coverage wraps a top-level test environment, not a
    // project's), over the gateway's unit tests, plus the Redis windows' component test: the shared fixed windows
    // (rate-limits.ts, key-failures.ts, redis-or-memory.ts) are only proven against a real Redis. It reads
    // REDIS_URL, by default the shared server on 127.0.0.1:6379. `projects: []`, not undefined: the options reach
    // the runner as JSON, which drops an undefined key, and every tier would run (images and e2e set-ups too).
    config: {
      ...unitSettings,
      projects: [],
      testMatch: ['<rootDir>/gateway/src/**/*.test.ts', '<rootDir>/gateway/test/rate-limits.test.ts'],
    },
  },
  coverageAnalysis: 'perTest',
  checkers: ['typescript'],
  tsconfigFile: 'gateway/tsconfig.json',
  mutate: [
    'gateway/src/access/**/*.ts',
    'gateway/src/middleware/**/*.ts',
    '!gateway/src/**/*.test.ts',
    '!gateway/src/**/*.fixture.ts',
    // gRPC and Kafka wiring, proven against a running identity and broker (gateway/test/access-cache.test.ts, the
    // e2e access suites), which no mutant run can afford: docs/decisions/mutation-gateway.md.
    '!gateway/src/access/access-directory.ts',
    '!gateway/src/access/identity-changes.listener.ts',
    '!gateway/src/access/customer-tokens.ts',
  ],
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/gateway/index.html' },
  jsonReporter: { fileName: 'reports/mutation/gateway/mutation.json' },
  // A re-run tests only the mutants whose code or tests changed since the last run's results.
  incremental: true,
  incrementalFile: 'reports/mutation/gateway/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
