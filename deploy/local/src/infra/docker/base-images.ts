import { join } from 'node:path';
import { createContext, say } from '../context';
import { withLock } from '../lock';
import type { InfraOptions } from '../types';
import type { DockerHost } from './client';
import { ensureDebianImage } from './debian-image';
import { ensureNodeImage } from './node-image';
import { daemonPaths } from './paths';

const LOCK_TIMEOUT_MS = 20 * 60_000;

export interface BaseImages {
  /** Debian bookworm minbase, imported from debootstrap: `partner-travel/debian:bookworm-minbase-<inputs>`. */
  debian: string;
  /** Node.js 24 and npm on it: `partner-travel/node:24-bookworm-<inputs>`, the Dockerfile's NODE_IMAGE here. */
  node: string;
}

/**
 * The base images, made on this machine since there is no registry to pull from: Debian bookworm minbase
 * (debootstrap, imported once) and Node.js 24 with npm on it (built from deploy/images/node.Dockerfile).
 * Each tag ends in a hash of its inputs, so a changed input builds a new image; the daemon's data root is
 * in the cache, so later runs find both. Also tagged without the hash (`partner-travel/node:24-bookworm`).
 */
export async function ensureBaseImages(host: DockerHost, opts: InfraOptions = {}): Promise<BaseImages> {
  const ctx = createContext(opts);
  const lock = join(daemonPaths(ctx.env).runDir, 'base-images.lock');
  const onWait = (owner: number | undefined): void =>
    say(ctx, 'images', `waiting for pid ${owner ?? '?'}, which is making the base images…`);
  return withLock(lock, { timeoutMs: LOCK_TIMEOUT_MS, onWait }, async () => {
    const debian = await ensureDebianImage(ctx, host);
    return { debian, node: await ensureNodeImage(ctx, host, debian) };
  });
}
