module.exports = async function stackTeardown() {
  const platform = globalThis.__E2E_PLATFORM__;
  globalThis.__E2E_PLATFORM__ = undefined;
  await platform?.stop();
};
