import { say } from './context';
import { withLock } from './lock';
import { lockFile } from './paths';
import type { InfraComponent, InfraContext } from './types';

/** Long enough for a cold build plus a slow first start in another process. */
const LOCK_TIMEOUT_MS = 10 * 60_000;

export function locked<T>(c: InfraComponent, ctx: InfraContext, fn: () => Promise<T>): Promise<T> {
  const onWait = (owner: number | undefined): void =>
    say(ctx, c.name, `waiting for another infra command (pid ${owner ?? '?'}) to finish…`);
  return withLock(lockFile(ctx.env, c.name), { timeoutMs: LOCK_TIMEOUT_MS, onWait }, fn);
}
