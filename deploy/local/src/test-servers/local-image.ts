import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { say } from '../infra/context';
import { type DockerHost, dockerLogged, imageExists } from '../infra/docker/client';
import { stepFailed } from '../infra/errors';
import { seconds, withHeartbeat } from '../infra/heartbeat';
import { logFile, repoRoot } from '../infra/paths';
import type { InfraContext } from '../infra/types';

/** A file or folder from the install cache, copied into the build context under `to`. */
export interface ContextFile {
  from: string;
  to: string;
  /** The file whose size and time stand for `from` in the image's tag (a folder's `complete` marker). */
  stamp?: string;
}

/** An image the component tier builds itself from `deploy/images/<name>/` and files the launcher caches. */
export interface LocalImage {
  name: string;
  /** The Dockerfile's BASE_IMAGE. */
  base: 'debian' | 'node';
  /** Installs what the image copies (cached, as the launcher does) and says where it is. */
  prepare(ctx: InfraContext): Promise<ContextFile[]>;
}

export const LOCAL_IMAGE_REPOSITORY = 'partner-travel';

const recipeDir = (image: LocalImage): string => join(repoRoot, 'deploy', 'images', image.name);

/** The tag: a hash of the recipe's files, the cached files' identity and the base image (itself hashed). */
function tagOf(image: LocalImage, files: readonly ContextFile[], baseImage: string): string {
  const hash = createHash('sha256').update(`${baseImage}\n`);
  const dir = recipeDir(image);
  for (const entry of readdirSync(dir).sort())
    hash.update(`${entry}\n`).update(readFileSync(join(dir, entry)));
  for (const file of files) {
    const stat = statSync(file.stamp ?? file.from);
    hash.update(`${file.to} ${file.from} ${stat.size} ${stat.mtimeMs}\n`);
  }
  return `${LOCAL_IMAGE_REPOSITORY}/${image.name}:${hash.digest('hex').slice(0, 12)}`;
}

/** The image's tag, built first when no image has that tag yet (the daemon keeps it for later runs). */
export async function ensureLocalImage(
  ctx: InfraContext,
  host: DockerHost,
  image: LocalImage,
  baseImage: string,
): Promise<string> {
  const files = await image.prepare(ctx);
  const tag = tagOf(image, files, baseImage);
  if (await imageExists(host, tag, ctx.env)) return tag;
  const log = logFile(ctx.env, 'test-images');
  const context = mkdtempSync(join(tmpdir(), `image-${image.name}-`));
  // --network host: a step that installs from Debian's packages reaches them as the machine does.
  const args = ['build', '--network', 'host', '--build-arg', `BASE_IMAGE=${baseImage}`, '-t', tag, context];
  const started = Date.now();
  say(ctx, image.name, `building ${tag} (deploy/images/${image.name}, first run only)…`);
  try {
    cpSync(recipeDir(image), context, { recursive: true });
    for (const file of files) cpSync(file.from, join(context, file.to), { recursive: true });
    await withHeartbeat(
      (elapsed) => say(ctx, image.name, `still building ${tag} (${elapsed})…`),
      () => dockerLogged(host, args, log, { env: ctx.env }),
    );
  } catch (err) {
    throw stepFailed(image.name, 'build', `docker build deploy/images/${image.name}`, log, err);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  say(ctx, image.name, `${tag} built in ${seconds(Date.now() - started)}`);
  return tag;
}
