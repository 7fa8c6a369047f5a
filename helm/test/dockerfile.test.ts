import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultValues, packageDirOf, repoRoot } from './support/chart';
import { nonEmpty } from './support/non-empty';

// The images are built and booted in the images tier (test/images/platform-images.test.ts), which needs a
// Docker daemon; here, what can be checked without one is checked: the instructions, what they copy, and that
// every process of the chart has a build target.
// The runtime stage's recipe itself (pnpm deploy --prod, node dist/main.js, SIGTERM) runs in boot/image.test.ts.

interface Instruction {
  keyword: string;
  args: string;
  stage: number;
}

/** The Dockerfile as instructions (continuation lines joined, comments dropped), each with its stage index. */
function instructions(): Instruction[] {
  const text = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  let stage = -1;
  const out: Instruction[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const [keyword = '', ...rest] = trimmed.split(/\s+/);
    if (keyword.toUpperCase() === 'FROM') stage++;
    out.push({ keyword: keyword.toUpperCase(), args: rest.join(' '), stage });
  }
  return out;
}

const dockerignore = () =>
  readFileSync(join(repoRoot, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

/** A path the build context leaves out, by the simple patterns our .dockerignore uses. */
function ignored(path: string): boolean {
  return dockerignore().some((pattern) => {
    const bare = pattern.replace(/^\*\*\//, '');
    return path === pattern || path.startsWith(`${pattern}/`) || path.split('/').includes(bare);
  });
}

const processes = () => Object.keys(defaultValues().processes);

/** package.json of every workspace package (pnpm-workspace.yaml: folders and folder/* globs). */
function workspaceManifests(): string[] {
  const globs = readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')
    .split('\n')
    .flatMap((line) => /^\s*-\s*(\S+)/.exec(line)?.[1] ?? []);
  return globs.flatMap((glob) => {
    const dirs = glob.endsWith('/*')
      ? readdirSync(join(repoRoot, glob.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `${glob.slice(0, -2)}/${d.name}`)
      : [glob];
    return dirs.map((dir) => `${dir}/package.json`).filter((path) => existsSync(join(repoRoot, path)));
  });
}

describe('the Dockerfile', () => {
  const all = instructions();
  const stages = all.filter((i) => i.keyword === 'FROM');
  const runtime = all.filter((i) => i.stage === stages.length - 1);

  it('when its stages are read, then both start from the one base image pinned by a version tag', () => {
    const args = all.filter((i) => i.keyword === 'ARG' && i.stage === -1);
    expect(args).toHaveLength(1);
    const [, image = ''] = /^NODE_IMAGE=(\S+)$/.exec(args[0]?.args ?? '') ?? [];
    expect(image).toMatch(/^node:\d+\.\d+\.\d+-[a-z]+(-slim)?$/);
    // The Node.js major the root package.json's engines asks for (">=24").
    const engines = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).engines.node as string;
    expect(image.split(/[:.]/)[1]).toBe(/^>=(\d+)$/.exec(engines)?.[1]);
    const base = '$' + '{NODE_IMAGE}';
    expect(stages.map((s) => s.args)).toEqual([`${base} AS build`, `${base} AS runtime`]);
  });

  it('when the files it copies from the build context are looked up, then each exists and is not left out by .dockerignore', () => {
    const sources = all
      .filter((i) => i.keyword === 'COPY' && !i.args.includes('--from'))
      .flatMap((i) =>
        i.args
          .split(/\s+/)
          .filter((a) => !a.startsWith('--'))
          .slice(0, -1),
      );
    expect(sources).toEqual(expect.arrayContaining(['pnpm-lock.yaml', 'package.json', '.']));
    for (const source of sources) {
      expect(existsSync(join(repoRoot, source))).toBe(true);
      if (source !== '.') expect({ source, ignored: ignored(source) }).toEqual({ source, ignored: false });
    }
    // What the build compiles must reach it: every workspace folder, the protos and the configs.
    for (const needed of [
      'proto',
      'packages/config/src',
      'gateway/openapi',
      'tsconfig.json',
      'tsconfig.base.json',
    ])
      expect({ needed, ignored: ignored(needed) }).toEqual({ needed, ignored: false });
    // pnpm install --frozen-lockfile needs every workspace package the lockfile names.
    for (const manifest of nonEmpty(workspaceManifests(), 'workspace manifests'))
      expect({ manifest, ignored: ignored(manifest) }).toEqual({ manifest, ignored: false });
    for (const left of ['node_modules', 'gateway/dist', '.git', '.local', 'packages/contracts/src/gen'])
      expect({ left, ignored: ignored(left) }).toEqual({ left, ignored: true });
  });

  it('when the runtime stage is read, then it runs node dist/main.js directly as a non-root user from /app', () => {
    const last = (keyword: string) => runtime.filter((i) => i.keyword === keyword).pop()?.args;
    expect(last('ENTRYPOINT')).toBe('["node", "dist/main.js"]');
    expect(runtime.some((i) => i.keyword === 'CMD')).toBe(false);
    expect(last('WORKDIR')).toBe('/app');
    const [uid] = (last('USER') ?? '').split(':');
    expect(Number(uid)).toBeGreaterThan(0);
    expect(last('ENV')).toBe('NODE_ENV=production');
    // Only the one process's deployed package comes over: no sources, no dev dependencies, no build tools.
    expect(runtime.filter((i) => i.keyword === 'COPY').map((i) => i.args)).toEqual([
      '--from=build /out/ /app/',
    ]);
    const deploy = all.find((i) => i.keyword === 'RUN' && i.args.includes(' deploy '));
    expect(deploy?.args).toContain(`--filter "@travel/${'$'}{PROCESS}" deploy --prod /out`);
    // gRPC reflection reads proto/ at run time; @travel/contracts finds it above its package (/app/proto).
    expect(deploy?.args).toMatch(/&& cp -r proto \/out\/proto$/);
  });

  it.each(processes())(
    'when the chart runs %s, then the build has a target for it and its entrypoint exists after a build',
    (name) => {
      const dir = packageDirOf(name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      expect(manifest.name).toBe(`@travel/${name}`);
      expect(manifest.main).toBe('dist/main.js');
      expect(existsSync(join(dir, 'dist', 'main.js'))).toBe(true);
    },
  );
});
