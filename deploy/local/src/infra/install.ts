import { locked } from './component-lock';
import { componentMode, envVarFor } from './config';
import { say } from './context';
import type { InfraComponent, InfraContext } from './types';

export async function installOne(c: InfraComponent, ctx: InfraContext): Promise<void> {
  if (componentMode(c.name, ctx.env) === 'external') {
    say(ctx, c.name, `external (${envVarFor(c.name)} is set); nothing to install`);
    return;
  }
  await locked(c, ctx, () => c.install(ctx));
  say(ctx, c.name, `installed: ${c.installedAt(ctx.env)}`);
}
