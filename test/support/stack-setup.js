// End-to-end tier: launch the whole platform on the e2e profile's ports (beside any `npm start` copy). When
// `E2E_STACK=shared`, `npm test` has launched it once already (`stack start --profile e2e`) for its two e2e runs
// (the suites that share the stack, then those that each need it alone), and this run only uses it.
const { gatewayUrl, launchPlatform, PROFILES } = require('../../deploy/local/dist');

module.exports = async function stackSetup() {
  // One launch per jest run, however many of the e2e projects it selects.
  if (globalThis.__E2E_PLATFORM__) return;
  if (process.env.E2E_STACK === 'shared') {
    process.env.E2E_GATEWAY_URL = gatewayUrl(PROFILES.e2e);
    return;
  }
  const platform = await launchPlatform({
    profile: PROFILES.e2e,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.env.E2E_GATEWAY_URL = platform.gatewayUrl;
  globalThis.__E2E_PLATFORM__ = platform;
};
