// Component tier: checks that the tests left no databases or topics (leftover-check.js), then stops the
// containers infra-setup.js started (and the Docker daemon, if it started it) and removes the run's certificates.
const { rmSync } = require('node:fs');
const checkLeftovers = require('./leftover-check');

module.exports = async function infraTeardown() {
  const servers = globalThis.__COMPONENT_SERVERS__;
  try {
    await checkLeftovers({ ownServers: Boolean(servers?.env.MONGO_URL) });
  } finally {
    await servers?.stop();
    if (process.env.TEST_PEER_TLS_ROOT)
      rmSync(process.env.TEST_PEER_TLS_ROOT, { recursive: true, force: true });
  }
};
