// Component tier: each test file drops the databases and topics its test names made (ComponentEnvironment,
// packages/testkit/src/component-environment.ts; built, like deploy/local for infra-setup.js).
module.exports = require('../../packages/testkit/dist/component-environment').ComponentEnvironment;
