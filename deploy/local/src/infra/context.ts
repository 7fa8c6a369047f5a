import type { InfraContext, InfraOptions } from './types';

export function createContext(opts: InfraOptions = {}): InfraContext {
  return { env: opts.env ?? process.env, log: opts.log ?? ((line) => console.log(line)) };
}

/** Every progress line names its component so parallel output stays readable. */
export function say(ctx: InfraContext, component: string, text: string): void {
  ctx.log(`[infra] ${component}: ${text}`);
}
