import { createContext, say } from '../context';
import { stepFailed } from '../errors';
import { seconds, withHeartbeat } from '../heartbeat';
import { logFile, repoRoot } from '../paths';
import type { InfraOptions } from '../types';
import { type DockerHost, dockerLogged, imageSize } from './client';

export const PROCESS_REPOSITORY = 'partner-travel';

export interface ProcessImage {
  process: string;
  /** `partner-travel/<process>:<tag>` */
  image: string;
  sizeBytes: number;
  /** How long its build took (a few seconds when every layer came from the cache). */
  buildMs: number;
}

export interface BuildProcessImagesOptions extends InfraOptions {
  tag: string;
  /** The Dockerfile's NODE_IMAGE: ensureBaseImages's `node` on machines with no registry. */
  nodeImage: string;
}

export function processImageName(process: string, tag: string): string {
  return `${PROCESS_REPOSITORY}/${process}:${tag}`;
}

/**
 * One image per process from the root Dockerfile, built one after the other so every build after the first
 * reuses the build stage's layers (dependencies and the compiled workspace) from the daemon's cache.
 */
export async function buildProcessImages(
  host: DockerHost,
  processes: readonly string[],
  opts: BuildProcessImagesOptions,
): Promise<ProcessImage[]> {
  const ctx = createContext(opts);
  const built: ProcessImage[] = [];
  for (const process of processes) {
    const image = processImageName(process, opts.tag);
    const log = logFile(ctx.env, `image-${process}`);
    const args = [
      'build',
      '--network',
      'host',
      '--build-arg',
      `NODE_IMAGE=${opts.nodeImage}`,
      '--build-arg',
      `PROCESS=${process}`,
      '-t',
      image,
      repoRoot,
    ];
    const started = Date.now();
    say(ctx, 'images', `building ${image}…`);
    await withHeartbeat(
      (elapsed) => say(ctx, 'images', `still building ${image} (${elapsed})…`),
      () => dockerLogged(host, args, log, { env: ctx.env }),
    ).catch((err) => {
      throw stepFailed('images', 'build', `docker ${args.join(' ')}`, log, err);
    });
    const buildMs = Date.now() - started;
    const sizeBytes = await imageSize(host, image, ctx.env);
    say(ctx, 'images', `${image}: ${(sizeBytes / 1e6).toFixed(0)} MB, built in ${seconds(buildMs)}`);
    built.push({ process, image, sizeBytes, buildMs });
  }
  return built;
}
