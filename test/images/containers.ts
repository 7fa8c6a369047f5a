import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  cpSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  type DockerHost,
  docker,
  dockerEnv,
  logFile,
  type ProcessSpec,
  processImageName,
  repoRoot,
} from '@travel/local-deploy';
import { parse } from 'yaml';

/** What images-setup.js made: the daemon, the images' tag and the label of the containers. */
export function imagesRun(): { host: DockerHost; tag: string; label: string } {
  const { IMAGES_DOCKER_HOST, IMAGES_TAG, IMAGES_CONTAINER_LABEL } = process.env;
  if (!IMAGES_DOCKER_HOST || !IMAGES_TAG || !IMAGES_CONTAINER_LABEL)
    throw new Error('run with --selectProjects images (test/images/images-setup.js builds the images)');
  return { host: { dockerHost: IMAGES_DOCKER_HOST }, tag: IMAGES_TAG, label: IMAGES_CONTAINER_LABEL };
}

interface ChartSecurity {
  podSecurityContext: { runAsUser: number; runAsGroup: number };
  securityContext: {
    readOnlyRootFilesystem: boolean;
    allowPrivilegeEscalation: boolean;
    capabilities: { drop: string[] };
  };
  defaults: { terminationGracePeriodSeconds: number };
}

/** The chart's pod settings that `docker run` can express: user, read-only root, capabilities, grace period. */
export function chartSettings(): ChartSecurity {
  return parse(
    readFileSync(join(repoRoot, 'helm', 'partner-travel', 'values.yaml'), 'utf8'),
  ) as ChartSecurity;
}

export const containerName = (process: string): string => `partner-travel-images-${process}`;

/** Where a container finds the stack's certificates, one folder per process, as the chart mounts its Secrets. */
export const CONTAINER_PEER_TLS = '/etc/partner-travel/peer-tls';

/**
 * A copy of the stack's certificates (`peerTlsFor`) that uid 1000 in a container can read, as the chart's Secret
 * volumes (mode 0440, the pod's group) let it: the launcher keeps its keys readable by this user alone.
 */
export function readablePeerTls(root: string): string {
  const copy = join(repoRoot, '.local', 'run', 'images-peer-tls-mounted');
  rmSync(copy, { recursive: true, force: true });
  cpSync(root, copy, { recursive: true });
  const open = (dir: string) => {
    chmodSync(dir, 0o755);
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) open(join(dir, entry.name));
      else chmodSync(join(dir, entry.name), 0o444);
  };
  open(copy);
  return copy;
}

/** A process's environment with its certificate folders as the container sees them. */
export function inContainerPaths(env: Record<string, string>, root: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [
      key,
      key.endsWith('TLS_DIR') && value.startsWith(root)
        ? `${CONTAINER_PEER_TLS}${value.slice(root.length)}`
        : value,
    ]),
  );
}

/**
 * `docker run` of one process's image as the chart runs its pod: on the host network (the only network here),
 * as uid/gid 1000, read-only root filesystem with a tmpfs at /tmp (the chart's emptyDir), no capabilities, no
 * privilege escalation, and the chart's grace period between SIGTERM and SIGKILL.
 */
export async function runContainer(
  spec: ProcessSpec,
  env: Record<string, string>,
  peerTls: string,
): Promise<string> {
  const { host, tag } = imagesRun();
  const args = [
    'run',
    '--detach',
    '--name',
    containerName(spec.name),
    ...podArgs(env),
    '--stop-timeout',
    String(chartSettings().defaults.terminationGracePeriodSeconds),
    '--volume',
    `${peerTls}:${CONTAINER_PEER_TLS}:ro`,
    processImageName(spec.name, tag),
  ];
  return (await docker(host, args)).trim();
}

/**
 * A service's index migration from its own image, run to its end as the chart's hook Job runs it
 * (`node dist/commands/migrate.js`, the pod's settings); resolves with its report, the last line it prints.
 */
export async function runMigration(spec: ProcessSpec, env: Record<string, string>): Promise<string> {
  const { host, tag } = imagesRun();
  const args = ['run', '--rm', ...podArgs(env), '--entrypoint', 'node', processImageName(spec.name, tag)];
  return (await docker(host, [...args, 'dist/commands/migrate.js'])).trim().split('\n').pop() ?? '';
}

/** The `docker run` options every container of these tests shares: the chart's pod settings and its environment. */
function podArgs(env: Record<string, string>): string[] {
  const { label } = imagesRun();
  const chart = chartSettings();
  const { runAsUser, runAsGroup } = chart.podSecurityContext;
  const security = chart.securityContext;
  return [
    '--label',
    label,
    '--network',
    'host',
    '--user',
    `${runAsUser}:${runAsGroup}`,
    ...(security.readOnlyRootFilesystem ? ['--read-only', '--tmpfs', '/tmp:size=64m'] : []),
    ...security.capabilities.drop.flatMap((cap) => ['--cap-drop', cap]),
    ...(security.allowPrivilegeEscalation ? [] : ['--security-opt', 'no-new-privileges']),
    ...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
  ];
}

/** `docker inspect` of one field of a container or image. */
export async function inspect(target: string, format: string): Promise<string> {
  return (await docker(imagesRun().host, ['inspect', '--format', format, target])).trim();
}

/** `docker exec` of node code in a running container; resolves with what it prints, rejects with its stderr. */
export function nodeIn(process: string, code: string): Promise<string> {
  return docker(imagesRun().host, ['exec', containerName(process), 'node', '-e', code]);
}

/** The last lines a container printed, for a failure message. */
export async function logTail(process: string, lines = 30): Promise<string> {
  const { host } = imagesRun();
  try {
    return await docker(host, ['logs', '--tail', String(lines), containerName(process)]);
  } catch (err) {
    return String(err);
  }
}

/** Everything a container printed, into .local/logs/images-<process>.log (kept after the container is removed). */
export function saveLogs(process: string): void {
  const file = logFile(globalThis.process.env, `images-${process}`);
  mkdirSync(join(file, '..'), { recursive: true });
  const fd = openSync(file, 'w');
  try {
    spawnSync('docker', ['logs', '--timestamps', containerName(process)], {
      env: dockerEnv(globalThis.process.env, imagesRun().host),
      stdio: ['ignore', fd, fd],
    });
  } finally {
    closeSync(fd);
  }
}
