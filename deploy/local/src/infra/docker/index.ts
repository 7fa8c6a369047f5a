export { type BaseImages, ensureBaseImages } from './base-images';
export { type DockerHost, docker, dockerEnv, imageExists, imageSize, serverVersion } from './client';
export { type DockerDaemon, dockerdArgs, ensureDocker } from './daemon';
export { DEBIAN_REPOSITORY } from './debian-image';
export { NODE_REPOSITORY, NPM_VERSION, nodeVersion } from './node-image';
export { daemonPaths } from './paths';
export {
  type BuildProcessImagesOptions,
  buildProcessImages,
  PROCESS_REPOSITORY,
  type ProcessImage,
  processImageName,
} from './process-images';
