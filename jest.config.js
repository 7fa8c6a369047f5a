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
const component = {
  ...common,
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
};
// Component files that stop one of the tier's shared servers (the others would lose it meanwhile).
const COMPONENT_ALONE = ['<rootDir>/services/booking/test/kafka-outage.test.ts'];
const e2e = {
  ...common,
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/stack-setup.js',
  globalTeardown: '<rootDir>/test/support/stack-teardown.js',
};
const E2E_ALONE = [
  'platform/tracing', // restarts the gateway, booking and webhook with tracing on, then off
  'access/spending-limits', // races bookings through a second gateway process of its own
  'access/two-gateways', // counts one key's window exactly across a second gateway process of its own
  'access/staff-security', // a refused call must change nothing anywhere: it compares platform-wide snapshots
  'storefront/crash-safety', // restarts booking with crash points
  'audit/crash-safety', // restarts content with crash points
  'idempotency/gateway-crash', // restarts the gateway with its crash point
  'storefront/vouchers', // restarts promotions
  'engagement/newsletters', // restarts engagement
  'engagement/public-intake', // spends the public per-address limits
  'engagement/leads-and-queries', // the public intake's limits too
  'reports/reports', // stops reports for a rebuild and waits for every report event
  'settings/storefront-switch', // switches the storefront off for everyone
  'settings/console-ip-rules', // console IP rules for everyone
  'platform/references', // "nothing stored" compares platform-wide lists (every API client, every tenant)
  'console/console', // a real browser: two cores shared with another suite made its page waits flaky
].map((suite) => `<rootDir>/test/${suite}.test.ts`);
const FAULTS = [
  'faults/fault-suite',
  'faults/dependency-outages',
  'platform/store-outage',
  'platform/service-outage',
].map((suite) => `<rootDir>/test/${suite}.test.ts`);
// Changes platform-wide settings (and puts them back), spends the public per-address limits, loads every route.
const FUZZ = '<rootDir>/test/platform/fuzz.test.ts';
// Overloads the gateway on purpose, and leaves its ~6,000 bookings' events for the consumers to work through: a
// suite after it that waits for a consumer (reports' lag, a traced webhook) waits for that backlog too.
const OVERLOAD = '<rootDir>/test/platform/overload.test.ts';
const ROLLOUT = '<rootDir>/test/rollout/rolling-restart.test.ts';

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
        '<rootDir>/console/{src,web/src}/**/*.test.ts',
        '<rootDir>/helm/test/*.test.ts',
        '<rootDir>/scripts/*.test.ts',
      ],
    },
    // Component files run three at a time on the tier's servers; those that stop one of them run after, alone.
    {
      ...component,
      displayName: 'component',
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, ...COMPONENT_ALONE],
    },
    { ...component, displayName: 'component-alone', testMatch: COMPONENT_ALONE },
    // End-to-end, against one launched e2e stack (test/support/stack-setup.js), in three groups that `npm test`
    // runs in order of what they do to the stack; see docs/architecture.md, "Tests".
    {
      ...e2e,
      // Suites that share the stack: each works in tenants, keys and endpoints of its own, so two run at once.
      displayName: 'e2e',
      testPathIgnorePatterns: [
        ...common.testPathIgnorePatterns,
        '<rootDir>/test/images/',
        ...E2E_ALONE,
        ...FAULTS,
        FUZZ,
        OVERLOAD,
        ROLLOUT,
      ],
    },
    // Suites that each need the stack to themselves: they restart a service it uses, switch a platform-wide
    // setting, spend a per-address limit or load it on purpose.
    { ...e2e, displayName: 'e2e-alone', testMatch: E2E_ALONE },
    // The fuzzer, alone too: npm test runs it last.
    { ...e2e, displayName: 'fuzz', testMatch: [FUZZ] },
    // Suites that take the infrastructure or services down: nothing else may use the local infrastructure
    // (the e2e, rollout and images stacks share it) while they run.
    { ...e2e, displayName: 'faults', testMatch: FAULTS },
    // The overload, last of all on the stack: nothing after it waits for the consumers it keeps busy.
    { ...e2e, displayName: 'overload', testMatch: [OVERLOAD] },
    // The rolling-restart test launches a stack of its own (several replicas of everything).
    { ...common, displayName: 'rollout', testMatch: [ROLLOUT] },
    {
      ...common,
      displayName: 'images',
      testMatch: ['<rootDir>/test/images/**/*.test.ts'],
      globalSetup: '<rootDir>/test/images/images-setup.js',
      globalTeardown: '<rootDir>/test/images/images-teardown.js',
    },
  ],
};
