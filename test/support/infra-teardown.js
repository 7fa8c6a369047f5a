// Component tier: stops the containers infra-setup.js started (and the Docker daemon, if it started it).
module.exports = async function infraTeardown() {
  await globalThis.__COMPONENT_SERVERS__?.stop();
};
