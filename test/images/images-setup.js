// Images tier: the platform's container images, built on this machine and run. Our own Docker daemon (or the
// one DOCKER_HOST names), the base images (debootstrap + Node.js 24), one image per process from the root
// Dockerfile, and the store, Kafka, Redis and MailDev the containers talk to. Prints how long each part took
// and each image's size; platform-images.test.ts boots the platform from the images.
const {
  buildProcessImages,
  ensureBaseImages,
  ensureDocker,
  SERVICES,
  startInfra,
} = require('../../deploy/local/dist');

/** The tag of the images these tests build (rebuilt from the layer cache each run, so always the tree's code). */
const TAG = 'images-test';
/** Every container the tests start carries it, so the teardown finds any a failed run left. */
const CONTAINER_LABEL = 'partner-travel.test=images';

const log = (line) => process.stderr.write(`${line}\n`);

async function timed(what, fn) {
  const started = Date.now();
  const result = await fn();
  log(`[images] ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

module.exports = async function imagesSetup() {
  const daemon = await timed('docker daemon', () => ensureDocker({ log }));
  const state = { daemon, infraStartedNow: [], containerLabel: CONTAINER_LABEL };
  globalThis.__IMAGES__ = state;
  try {
    const base = await timed('base images', () => ensureBaseImages(daemon, { log }));
    const processes = ['gateway', ...SERVICES];
    const built = await timed(`${processes.length} process images`, () =>
      buildProcessImages(daemon, processes, { tag: TAG, nodeImage: base.node, log }),
    );
    for (const image of built)
      log(`[images] ${image.image.padEnd(40)} ${(image.sizeBytes / 1e6).toFixed(1).padStart(7)} MB`);
    state.infraStartedNow = (await startInfra({ log })).startedNow;
  } catch (err) {
    // jest runs no global teardown when the set-up fails.
    await daemon.stop();
    throw err;
  }
  process.env.IMAGES_DOCKER_HOST = daemon.dockerHost;
  process.env.IMAGES_TAG = TAG;
  process.env.IMAGES_CONTAINER_LABEL = CONTAINER_LABEL;
};
