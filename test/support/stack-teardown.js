module.exports = async function stackTeardown() {
  await globalThis.__E2E_PLATFORM__?.stop();
};
