// End-to-end tier: launch the whole platform on the e2e profile's ports (beside any `npm start` copy).
const { launchPlatform, PROFILES } = require('../../deploy/local/dist');

module.exports = async function stackSetup() {
  const platform = await launchPlatform({
    profile: PROFILES.e2e,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.env.E2E_GATEWAY_URL = platform.gatewayUrl;
  globalThis.__E2E_PLATFORM__ = platform;
};
