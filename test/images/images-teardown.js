const { docker, stopInfra } = require('../../deploy/local/dist');

module.exports = async function imagesTeardown() {
  const state = globalThis.__IMAGES__;
  if (!state) return;
  try {
    // The test removes its containers; this catches a run that died before its afterAll.
    const left = (
      await docker(state.daemon, ['ps', '-aq', '--filter', `label=${state.containerLabel}`])
    ).trim();
    if (left) await docker(state.daemon, ['rm', '-f', ...left.split('\n')]);
  } finally {
    await state.daemon.stop();
    if (state.infraStartedNow.length > 0) await stopInfra({ only: state.infraStartedNow });
  }
};
