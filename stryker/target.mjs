// One StrykerJS run over one target: the code it mutates, the unit tests that must kill the mutants, the tsconfig
// that rejects mutants that do not compile. Each stryker/<target>.config.mjs calls this; `npm run test:mutation`
// runs every such file (scripts/test-mutation.sh). Decisions and scores: docs/decisions/tests.md, "Mutation testing".

/**
 * @param {{ name: string, mutate: string[], tests: string[], tsconfigFile: string, testTimeoutMs?: number, options?: import('@stryker-mutator/api/core').PartialStrykerOptions }} target
 *   `mutate` and `tests` are globs from the repository's root (tests as jest `testMatch` entries under `<rootDir>`);
 *   `testTimeoutMs`, jest's timeout per test: a mutant that leaves a request unanswered then fails its test (killed)
 *   instead of running into Stryker's timeout, which restarts the test runner (tens of seconds each);
 *   `options`, Stryker options of this target only (they win over the shared ones below).
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function mutationTarget({ name, mutate, tests, tsconfigFile, testTimeoutMs, options = {} }) {
  return {
    // In place: pnpm links each workspace package's dependencies in its own node_modules, which a sandbox copy
    // (root node_modules only) would lose. The originals are kept in .stryker-tmp and put back at the end.
    inPlace: true,
    mutate: [...mutate, '!**/*.test.ts'],
    // By file URL: Stryker looks for bare plugin names beside its own package, where pnpm does not put them.
    plugins: ['@stryker-mutator/jest-runner', '@stryker-mutator/typescript-checker'].map((name) =>
      import.meta.resolve(name),
    ),
    testRunner: 'jest',
    jest: {
      projectType: 'custom',
      // The repository's unit project (transform, environment), narrowed to the target's tests.
      configFile: 'stryker/jest-unit.config.js',
      config: { testMatch: tests, ...(testTimeoutMs ? { testTimeout: testTimeoutMs } : {}) },
      enableFindRelatedTests: false,
    },
    coverageAnalysis: 'perTest',
    checkers: ['typescript'],
    tsconfigFile,
    // swc strips types without checking them, so the instrumented files need no @ts-nocheck.
    disableTypeChecks: false,
    // A shared 2-core machine: one mutant at a time beside the checker (MUTATION_CONCURRENCY to change it).
    concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
    reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    htmlReporter: { fileName: `reports/mutation/${name}/mutation.html` },
    jsonReporter: { fileName: `reports/mutation/${name}/mutation.json` },
    thresholds: { high: 90, low: 80, break: 80 },
    tempDirName: `.stryker-tmp/${name}`,
    // Results are kept between runs (git-ignored): a run stopped half-way goes on where it stopped, and a later
    // run tests again only the mutants whose code or covering tests changed.
    incremental: true,
    incrementalFile: `reports/mutation/${name}/incremental.json`,
    // The originals are put back at the end, failed runs too; only a killed run leaves them in .stryker-tmp/<target>.
    cleanTempDir: 'always',
    ...options,
  };
}

/** The gateway's Redis windows: mutated by stryker/gateway-windows.config.mjs, left out of stryker/gateway.config.mjs. */
export const WINDOWS = [
  'gateway/src/access/rate-limits.ts',
  'gateway/src/access/key-failures.ts',
  'gateway/src/access/redis-or-memory.ts',
];

/** A workspace library: every non-test file of packages/<name>/src, killed by that package's unit tests. */
export function libraryTarget(name) {
  return mutationTarget({
    name,
    mutate: [`packages/${name}/src/**/*.ts`],
    tests: [`<rootDir>/packages/${name}/src/**/*.test.ts`],
    tsconfigFile: `packages/${name}/tsconfig.json`,
  });
}
