export {
  type BaseImages,
  DEBIAN_REPOSITORY,
  ensureBaseImages,
  NODE_REPOSITORY,
  NPM_VERSION,
  nodeVersion,
} from './base-images';
export { type DockerHost, docker, dockerEnv, imageExists, imageSize, serverVersion } from './client';
export { type DockerDaemon, dockerdArgs, ensureDocker } from './daemon';
export { daemonPaths } from './paths';
export {
  type BuildProcessImagesOptions,
  buildProcessImages,
  PROCESS_REPOSITORY,
  type ProcessImage,
  processImageName,
} from './process-images';
