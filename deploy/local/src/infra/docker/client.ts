import { execFile } from 'node:child_process';
import { runLogged } from '../run-logged';

/** Where one Docker daemon answers: what `DOCKER_HOST` says to the `docker` client. */
export interface DockerHost {
  dockerHost: string;
}

/** The environment for a `docker` client talking to that daemon, with the classic builder. */
export function dockerEnv(env: NodeJS.ProcessEnv, docker: DockerHost): NodeJS.ProcessEnv {
  // DOCKER_BUILDKIT=0: the classic builder needs no BuildKit frontend image (there is no registry to pull from).
  return { ...env, DOCKER_HOST: docker.dockerHost, DOCKER_BUILDKIT: '0' };
}

export interface DockerRunOptions {
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** Sent to the client's standard input. */
  input?: string;
}

/** Runs the `docker` client against that daemon and resolves with its standard output; rejects with stderr. */
export function docker(
  host: DockerHost,
  args: readonly string[],
  opts: DockerRunOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'docker',
      args,
      {
        env: dockerEnv(opts.env ?? process.env, host),
        timeout: opts.timeoutMs ?? 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`docker ${args[0]}: ${stderr.trim() || err.message}`));
        else resolve(stdout);
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
  });
}

/** A long docker step (import, build) with all output in a log file. */
export function dockerLogged(
  host: DockerHost,
  args: readonly string[],
  logFile: string,
  opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<void> {
  return runLogged({
    command: 'docker',
    args,
    logFile,
    cwd: opts.cwd,
    env: dockerEnv(opts.env ?? process.env, host),
  });
}

/** The daemon's version when it answers, else undefined (never throws). */
export async function serverVersion(host: DockerHost, env?: NodeJS.ProcessEnv): Promise<string | undefined> {
  try {
    const out = await docker(host, ['version', '--format', '{{.Server.Version}}'], {
      env,
      timeoutMs: 10_000,
    });
    return out.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** True when the image (a name:tag or an id) is in the daemon's store. */
export async function imageExists(
  host: DockerHost,
  image: string,
  env?: NodeJS.ProcessEnv,
): Promise<boolean> {
  try {
    await docker(host, ['image', 'inspect', '--format', '{{.Id}}', image], { env, timeoutMs: 30_000 });
    return true;
  } catch {
    return false;
  }
}

/** The image's size in bytes, as `docker image ls` counts it (all its layers). */
export async function imageSize(host: DockerHost, image: string, env?: NodeJS.ProcessEnv): Promise<number> {
  const out = await docker(host, ['image', 'inspect', '--format', '{{.Size}}', image], { env });
  return Number(out.trim());
}
