// Three tiers with fixed homes (docs/architecture.md, "Tests"): unit beside the code, component per
// service or package against a real store (secantusd), Kafka, Redis and MailDev in containers (testcontainers),
// end-to-end through the gateway of a launched stack; and the images tier: the platform's container images built
// and booted (test/images).
const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
const common = { transform, testEnvironment: 'node', testPathIgnorePatterns: ['/node_modules/', '/dist/'] };

module.exports = {
  // A project-level testTimeout is ignored by jest 30; one generous bound for the tiers that do real I/O.
  testTimeout: 120_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/{packages,services,deploy}/*/src/**/*.test.ts',
        '<rootDir>/gateway/src/**/*.test.ts',
        '<rootDir>/helm/test/*.test.ts',
        '<rootDir>/scripts/*.test.ts',
      ],
    },
    {
      ...common,
      displayName: 'component',
      testMatch: [
        '<rootDir>/{packages,services}/*/test/**/*.test.ts',
        '<rootDir>/gateway/test/**/*.test.ts',
        '<rootDir>/helm/test/boot/*.test.ts',
        '<rootDir>/helm/test/cluster/*.test.ts',
      ],
      globalSetup: '<rootDir>/test/support/infra-setup.js',
      globalTeardown: '<rootDir>/test/support/infra-teardown.js',
      // Drops, after each file, the databases and topics its test names made (docs/decisions/test-hygiene.md).
      testEnvironment: '<rootDir>/test/support/component-environment.js',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      // The images tier boots its own platform from containers (below).
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, '<rootDir>/test/images/'],
      globalSetup: '<rootDir>/test/support/stack-setup.js',
      globalTeardown: '<rootDir>/test/support/stack-teardown.js',
    },
    {
      ...common,
      displayName: 'images',
      testMatch: ['<rootDir>/test/images/**/*.test.ts'],
      globalSetup: '<rootDir>/test/images/images-setup.js',
      globalTeardown: '<rootDir>/test/images/images-teardown.js',
    },
  ],
};
