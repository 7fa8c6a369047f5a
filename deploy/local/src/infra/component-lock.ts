import { say } from './context';
import { withLock } from './lock';
import { lockFile } from './paths';
import type { InfraComponent, InfraContext } from './types';

/**
 * Long enough for a cold build plus a slow first start in another process, on a machine that builds something else
 * meanwhile: `npm test`'s first run builds the store (13 min) beside the control plane, while the component tier's
 * images wait for it. A holder that died is taken over at once, so the bound only ever waits for a live one.
 */
const LOCK_TIMEOUT_MS = 45 * 60_000;

export function locked<T>(c: InfraComponent, ctx: InfraContext, fn: () => Promise<T>): Promise<T> {
  const onWait = (owner: number | undefined): void =>
    say(ctx, c.name, `waiting for another infra command (pid ${owner ?? '?'}) to finish…`);
  return withLock(lockFile(ctx.env, c.name), { timeoutMs: LOCK_TIMEOUT_MS, onWait }, fn);
}
