// Component tier: the store, Kafka, Redis and MailDev in containers of their own (testcontainers, on the tier's
// ports), started once per run; the variables that point at them are set here, so every test file and every
// process a test spawns inherits them. Stopped by infra-teardown.js.
const { startTestServers } = require('../../deploy/local/dist/test-servers');

module.exports = async function infraSetup() {
  globalThis.__COMPONENT_SERVERS__ = await startTestServers({
    log: (line) => process.stderr.write(`${line}\n`),
  });
};
