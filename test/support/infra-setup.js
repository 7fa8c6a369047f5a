// Component tier: the store, Kafka, Redis and MailDev in containers of their own (testcontainers, on the tier's
// ports), started once per run; the variables that point at them are set here, so every test file and every
// process a test spawns inherits them. Stopped by infra-teardown.js.
// Also the run's certificates: a CA made for this run and one folder per peer of the platform, named by
// TEST_PEER_TLS_ROOT, so every service a test starts and every client it makes speaks mutual TLS
// (docs/caller-trust.md); removed by infra-teardown.js.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { startTestServers } = require('../../deploy/local/dist/test-servers');
const { makePeerCertificates } = require('../../deploy/local/dist/secure');
const { PEER_NAMES } = require('../../packages/grpc/dist');

module.exports = async function infraSetup() {
  const root = mkdtempSync(join(tmpdir(), 'travel-peer-tls-'));
  await makePeerCertificates(root, PEER_NAMES, { caName: 'partner-travel test run CA', validDays: 2 });
  process.env.TEST_PEER_TLS_ROOT = root;
  globalThis.__COMPONENT_SERVERS__ = await startTestServers({
    log: (line) => process.stderr.write(`${line}\n`),
  });
};
