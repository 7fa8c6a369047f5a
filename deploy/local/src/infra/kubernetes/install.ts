import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cacheDirFor } from '../cache';
import { createContext, say } from '../context';
import { stepFailed } from '../errors';
import { goBinary } from '../go';
import { seconds, withHeartbeat } from '../heartbeat';
import { withLock } from '../lock';
import { cacheLockFile, logFile } from '../paths';
import { runLoggedWithRetry } from '../run-logged';
import type { InfraContext, InfraOptions } from '../types';
import {
  CONTROL_PLANE_COMMANDS,
  controlPlaneModule,
  ETCD_VERSION,
  etcdModule,
  KUBERNETES_VERSION,
  KWOK_MODULE,
  KWOK_VERSION,
  versionLdflags,
} from './versions';

const NAME = 'kubernetes';
/** A cold build is about 10 minutes on 2 cores (kube-apiserver most of it); a busy machine can triple it. */
const LOCK_TIMEOUT_MS = 45 * 60_000;
/** kwok's own stage sets: nodes turn Ready and keep a Lease, pods are scheduled and reported Running. */
const KWOK_STAGE_DIRS = ['node/fast', 'node/heartbeat-with-lease', 'pod/fast'];

export interface KubernetesBinaries {
  etcd: string;
  kubeApiserver: string;
  kubeControllerManager: string;
  kubeScheduler: string;
  kwok: string;
  /** kwok's stage definitions, concatenated into one file for `kwok -c`. */
  kwokStages: string;
}

function installDir(env: NodeJS.ProcessEnv): string {
  const inputs = [controlPlaneModule, etcdModule].flatMap((dir) => [
    join(dir, 'go.mod'),
    join(dir, 'go.sum'),
  ]);
  return cacheDirFor(env, NAME, inputs, `${KUBERNETES_VERSION} etcd ${ETCD_VERSION} kwok ${KWOK_VERSION}`);
}

export function kubernetesBinaries(env: NodeJS.ProcessEnv = process.env): KubernetesBinaries {
  const root = installDir(env);
  const bin = (name: string) => join(root, 'bin', name);
  return {
    etcd: bin('etcd'),
    kubeApiserver: bin('kube-apiserver'),
    kubeControllerManager: bin('kube-controller-manager'),
    kubeScheduler: bin('kube-scheduler'),
    kwok: bin('kwok'),
    kwokStages: join(root, 'kwok-stages.yaml'),
  };
}

interface GoStep {
  what: string;
  hint: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

/** The go commands of a build into `bin`; each module's go.sum is committed, so `-mod=readonly` holds. */
function goSteps(bin: string): GoStep[] {
  const pinned = { GOFLAGS: '-buildvcs=false -mod=readonly' };
  return [
    {
      what: `${CONTROL_PLANE_COMMANDS.join(', ')} ${KUBERNETES_VERSION}`,
      hint: '~10 min on 2 cores',
      args: [
        'build',
        `-ldflags=${versionLdflags()}`,
        '-o',
        `${bin}/`,
        ...CONTROL_PLANE_COMMANDS.map((c) => `k8s.io/kubernetes/cmd/${c}`),
      ],
      cwd: controlPlaneModule,
      env: pinned,
    },
    {
      what: `etcd ${ETCD_VERSION}`,
      hint: '~1 min',
      args: ['build', '-o', join(bin, 'etcd'), 'go.etcd.io/etcd/server/v3'],
      cwd: etcdModule,
      env: pinned,
    },
    {
      what: `kwok ${KWOK_VERSION}`,
      hint: '~1 min',
      args: ['install', `${KWOK_MODULE}/cmd/kwok@${KWOK_VERSION}`],
      cwd: bin,
      env: { GOBIN: bin, GOFLAGS: '-buildvcs=false' },
    },
  ];
}

async function runGoStep(ctx: InfraContext, step: GoStep, logPath: string): Promise<void> {
  say(ctx, NAME, `building ${step.what} from the Go module proxy (${step.hint})…`);
  const started = Date.now();
  const command = `go ${step.args.join(' ')}`;
  try {
    await withHeartbeat(
      (elapsed) => say(ctx, NAME, `still building ${step.what} (${elapsed})…`),
      () =>
        runLoggedWithRetry(
          {
            command: goBinary(ctx.env),
            args: step.args,
            cwd: step.cwd,
            env: { ...ctx.env, CGO_ENABLED: '0', ...step.env },
            logFile: logPath,
          },
          { attempts: 3, onRetry: (n, why) => say(ctx, NAME, `attempt ${n} failed (${why}); retrying…`) },
        ),
      // A line a minute: the build takes many of them.
      60_000,
    );
  } catch (err) {
    throw stepFailed(NAME, 'install', command, logPath, err);
  }
  say(ctx, NAME, `${step.what} built in ${seconds(Date.now() - started)}`);
}

/** kwok's stages come with its module (kwokctl would download them, which fails here). */
async function writeKwokStages(ctx: InfraContext, target: string, logPath: string): Promise<void> {
  const step = `go mod download -json ${KWOK_MODULE}@${KWOK_VERSION}`;
  try {
    const { stdout } = await promisify(execFile)(
      goBinary(ctx.env),
      ['mod', 'download', '-json', `${KWOK_MODULE}@${KWOK_VERSION}`],
      { env: ctx.env, cwd: ctx.env.HOME },
    );
    const moduleDir = (JSON.parse(stdout) as { Dir: string }).Dir;
    const documents = KWOK_STAGE_DIRS.flatMap((dir) => {
      const folder = join(moduleDir, 'kustomize', 'stage', dir);
      return readdirSync(folder)
        .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
        .sort()
        .map((file) => readFileSync(join(folder, file), 'utf8').trim());
    });
    writeFileSync(target, `${documents.join('\n---\n')}\n`);
  } catch (err) {
    throw stepFailed(NAME, 'install', step, logPath, err);
  }
}

async function build(ctx: InfraContext): Promise<void> {
  const root = installDir(ctx.env);
  // Build into a scratch folder and rename, so an interrupted build never looks finished.
  const scratch = `${root}.tmp-${process.pid}`;
  const logPath = logFile(ctx.env, `${NAME}-install`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(join(scratch, 'bin'), { recursive: true });
  say(ctx, NAME, `building the control plane once into ${root} (first run, ~10 min on 2 cores)…`);
  const started = Date.now();
  try {
    for (const step of goSteps(join(scratch, 'bin'))) await runGoStep(ctx, step, logPath);
    await writeKwokStages(ctx, join(scratch, 'kwok-stages.yaml'), logPath);
    // Another clone may have finished the same build meanwhile; its folder is as good as ours.
    if (!isBuilt(ctx.env)) renameSync(scratch, root);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  say(ctx, NAME, `control plane built in ${seconds(Date.now() - started)}`);
}

function isBuilt(env: NodeJS.ProcessEnv): boolean {
  return Object.values(kubernetesBinaries(env)).every((path) => existsSync(path));
}

/**
 * etcd, kube-apiserver, kube-controller-manager, kube-scheduler and kwok, built once from the Go module proxy
 * into ~/.cache/partner-travel (like helm) and reused after; concurrent callers wait for the one build.
 */
export async function ensureKubernetes(opts: InfraOptions = {}): Promise<KubernetesBinaries> {
  const ctx = createContext(opts);
  if (isBuilt(ctx.env)) return kubernetesBinaries(ctx.env);
  const onWait = (owner: number | undefined): void =>
    say(ctx, NAME, `waiting for another build of the control plane (pid ${owner ?? '?'})…`);
  await withLock(cacheLockFile(ctx.env, NAME), { timeoutMs: LOCK_TIMEOUT_MS, onWait }, async () => {
    if (!isBuilt(ctx.env)) await build(ctx);
  });
  return kubernetesBinaries(ctx.env);
}
