import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDirFor } from '../cache';
import { say } from '../context';
import { stepFailed } from '../errors';
import { seconds, withHeartbeat } from '../heartbeat';
import { logFile } from '../paths';
import { runLogged, runLoggedWithRetry } from '../run-logged';
import type { InfraContext } from '../types';
import { ensureAptPackages, sbinProgram } from './apt';
import { type DockerHost, docker, dockerLogged, imageExists } from './client';
import { inputsTag } from './image-inputs';

const NAME = 'images';
const SUITE = 'bookworm';
const VARIANT = 'minbase';
const DEFAULT_MIRROR = 'http://deb.debian.org/debian';
export const DEBIAN_REPOSITORY = 'partner-travel/debian';

/**
 * What Debian's own container images leave out, kept out of later `apt-get install`s too: documentation (but
 * the copyright files), manual pages, translations, and apt's package caches.
 */
const DPKG_EXCLUDES = [
  'path-exclude /usr/share/doc/*',
  'path-include /usr/share/doc/*/copyright',
  'path-exclude /usr/share/man/*',
  'path-exclude /usr/share/info/*',
  'path-exclude /usr/share/locale/*',
  'path-include /usr/share/locale/locale.alias',
];
const APT_CLEAN = [
  'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
  'Dir::Cache::pkgcache "";',
  'Dir::Cache::srcpkgcache "";',
];

async function slim(rootfs: string, log: string): Promise<void> {
  writeFileSync(join(rootfs, 'etc', 'dpkg', 'dpkg.cfg.d', 'slim'), `${DPKG_EXCLUDES.join('\n')}\n`);
  writeFileSync(join(rootfs, 'etc', 'apt', 'apt.conf.d', 'docker-clean'), `${APT_CLEAN.join('\n')}\n`);
  const script = [
    `cd ${rootfs}`,
    'find usr/share/doc -mindepth 1 -not -name copyright -not -type d -delete',
    'find usr/share/doc -mindepth 1 -type d -empty -delete',
    'rm -rf usr/share/man/* usr/share/info/* var/cache/apt/*.bin var/cache/apt/archives/*.deb var/lib/apt/lists/*',
    'find usr/share/locale -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +',
  ].join(' && ');
  await runLogged({ command: 'sh', args: ['-c', script], logFile: log });
}

/** The debootstrap root filesystem as a tar file in the cache, made once (~30 s, plus apt's downloads). */
async function debianRootfs(ctx: InfraContext, mirror: string): Promise<string> {
  const pin = `debootstrap --variant=${VARIANT} ${SUITE} ${mirror} ${inputsTag([])}`;
  const dir = cacheDirFor(ctx.env, `debian-${SUITE}-${VARIANT}`, [], pin);
  const tar = join(dir, 'rootfs.tar');
  if (existsSync(tar)) return tar;
  await ensureAptPackages(ctx, ['debootstrap']);
  const log = logFile(ctx.env, 'debootstrap');
  const scratch = `${dir}.tmp-${process.pid}`;
  const rootfs = join(scratch, 'rootfs');
  const step = `debootstrap --variant=${VARIANT} ${SUITE} ${rootfs} ${mirror}`;
  say(ctx, NAME, `making Debian ${SUITE} (${VARIANT}) with debootstrap (first run only, ~1 min)…`);
  const started = Date.now();
  try {
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
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
    await slim(rootfs, log);
    const args = ['--numeric-owner', '-C', rootfs, '-cf', join(scratch, 'rootfs.tar'), '.'];
    await runLogged({ command: 'tar', args, logFile: log });
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

/** Debian bookworm minbase as an image, imported once from the cached root filesystem. */
export async function ensureDebianImage(ctx: InfraContext, host: DockerHost): Promise<string> {
  const mirror = ctx.env.TRAVEL_DEBIAN_MIRROR || DEFAULT_MIRROR;
  const image = `${DEBIAN_REPOSITORY}:${SUITE}-${VARIANT}-${inputsTag(['debootstrap', VARIANT, SUITE, mirror])}`;
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
