// Mutation testing of the gateway's access control and middleware (docs/decisions/mutation-gateway.md).
// Run: pnpm exec stryker run stryker/gateway.config.mjs
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const jestConfig = require('../jest.config.js');
const unit = jestConfig.projects.find((project) => project.displayName === 'unit');
const { displayName: _name, ...unitSettings } = unit;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    // The unit tier's settings, flat (Stryker's per-test coverage wraps a top-level test environment, not a
    // project's), over the gateway's unit tests only.
    config: { ...unitSettings, projects: undefined, testMatch: ['<rootDir>/gateway/src/**/*.test.ts'] },
  },
  coverageAnalysis: 'perTest',
  checkers: ['typescript'],
  tsconfigFile: 'gateway/tsconfig.json',
  mutate: [
    'gateway/src/access/**/*.ts',
    'gateway/src/middleware/**/*.ts',
    '!gateway/src/**/*.test.ts',
    '!gateway/src/**/*.fixture.ts',
  ],
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/gateway/index.html' },
  jsonReporter: { fileName: 'reports/mutation/gateway/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
