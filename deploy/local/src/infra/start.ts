import { locked } from './component-lock';
import { componentMode, envVarFor, resolveInfraUrls } from './config';
import { say } from './context';
import { errorText, InfraError, stepFailed } from './errors';
import { seconds, withHeartbeat } from './heartbeat';
import { logFile, pidFile } from './paths';
import { isAlive, readPidFile, removePidFile, stopByPidFile } from './process';
import { probeOnce, waitForReady } from './readiness';
import type { InfraComponent, InfraContext, InfraUrls } from './types';

/** Someone else's server is either up or misconfigured; no point waiting as long as for our own JVM. */
const EXTERNAL_READY_TIMEOUT_MS = 15_000;

async function awaitExternal(c: InfraComponent, ctx: InfraContext, urls: InfraUrls): Promise<void> {
  const address = c.address(urls);
  try {
    const ms = await withHeartbeat(
      (elapsed) => say(ctx, c.name, `still waiting for external ${address} (${elapsed})…`),
      () => waitForReady({ probe: (t) => c.probe(urls, t), timeoutMs: EXTERNAL_READY_TIMEOUT_MS }),
    );
    say(ctx, c.name, `external ${address} is ready (${seconds(ms)})`);
  } catch (err) {
    throw new InfraError(c.name, `external ${address} (from ${envVarFor(c.name)}) ${errorText(err)}`);
  }
}

/** Waits for our own process; if it never gets ready it is stopped so the next start begins clean. */
async function awaitManaged(
  c: InfraComponent,
  ctx: InfraContext,
  urls: InfraUrls,
  pid: number,
): Promise<number> {
  const address = c.address(urls);
  try {
    return await withHeartbeat(
      (elapsed) => say(ctx, c.name, `still waiting for ${address} (${elapsed})…`),
      () =>
        waitForReady({
          probe: (t) => c.probe(urls, t),
          timeoutMs: c.readyTimeoutMs,
          abortIf: () => (isAlive(pid) ? undefined : `process ${pid} exited`),
        }),
    );
  } catch (err) {
    await stopByPidFile(pidFile(ctx.env, c.name), { timeoutMs: c.stopTimeoutMs, expect: c.processMarker });
    throw stepFailed(c.name, 'start', 'readiness check', logFile(ctx.env, c.name), err);
  }
}

/** True when a server is already there: ours (live pid file) or someone else's (port answers). */
async function alreadyRunning(c: InfraComponent, ctx: InfraContext, urls: InfraUrls): Promise<boolean> {
  const pidPath = pidFile(ctx.env, c.name);
  const pid = readPidFile(pidPath);
  const address = c.address(urls);
  if (pid !== undefined && isAlive(pid, c.processMarker)) {
    // A live pid that does not answer yet is probably a parallel `start` still booting.
    if ((await probeOnce((t) => c.probe(urls, t))) !== undefined) {
      say(ctx, c.name, `pid ${pid} is running but not ready yet; waiting…`);
      await awaitManaged(c, ctx, urls, pid);
    }
    say(ctx, c.name, `already running (pid ${pid}) on ${address}`);
    return true;
  }
  removePidFile(pidPath);
  if ((await probeOnce((t) => c.probe(urls, t))) === undefined) {
    say(ctx, c.name, `already answering on ${address} (not started by this tool; leaving it alone)`);
    return true;
  }
  return false;
}

async function launchManaged(c: InfraComponent, ctx: InfraContext, urls: InfraUrls): Promise<boolean> {
  await c.install(ctx);
  say(ctx, c.name, `starting (${c.startHint})…`);
  const pid = await c.launch(ctx);
  const ms = await awaitManaged(c, ctx, urls, pid);
  if (!isAlive(pid)) {
    // Our process died (port taken) yet the address answers: another server won the race.
    removePidFile(pidFile(ctx.env, c.name));
    say(
      ctx,
      c.name,
      `pid ${pid} exited but ${c.address(urls)} answers (another server holds the port); using it`,
    );
    return false;
  }
  say(ctx, c.name, `ready on ${c.address(urls)} (pid ${pid}, ${seconds(ms)})`);
  return true;
}

/** Resolves true when this call started the server, false when it was already there or external. */
export async function startOne(c: InfraComponent, ctx: InfraContext): Promise<boolean> {
  const urls = resolveInfraUrls(ctx.env);
  if (componentMode(c.name, ctx.env) === 'external') {
    await awaitExternal(c, ctx, urls);
    return false;
  }
  return locked(c, ctx, async () => {
    if (await alreadyRunning(c, ctx, urls)) return false;
    return launchManaged(c, ctx, urls);
  });
}
