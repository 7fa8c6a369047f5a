import { resolveInfraUrls } from './config';
import { createContext } from './context';
import { errorText, InfraError } from './errors';
import { installOne } from './install';
import { kafka } from './kafka';
import { maildev, maildevTest } from './maildev';
import { redis } from './redis';
import { secantusd } from './secantusd';
import { startOne } from './start';
import { statusOne } from './status';
import { stopOne } from './stop';
import type {
  InfraComponent,
  InfraComponentName,
  InfraComponentStatus,
  InfraContext,
  InfraOptions,
  InfraUrls,
  StopInfraOptions,
} from './types';

export const INFRA_COMPONENTS: readonly InfraComponent[] = [secantusd, kafka, redis, maildev, maildevTest];

export function componentByName(name: string): InfraComponent {
  const found = INFRA_COMPONENTS.find((c) => c.name === name);
  if (!found) {
    const known = INFRA_COMPONENTS.map((c) => c.name).join(', ');
    throw new Error(`[infra] unknown component "${name}" (expected one of: ${known})`);
  }
  return found;
}

/**
 * Runs one step for several components in parallel and waits for all of them, so one failure
 * does not hide another; the first failure is thrown, the others are logged.
 */
async function forEach<T>(
  components: readonly InfraComponent[],
  ctx: InfraContext,
  step: (c: InfraComponent) => Promise<T>,
): Promise<T[]> {
  const results = await Promise.allSettled(components.map(step));
  const failures = results.flatMap((r, i) => {
    if (r.status === 'fulfilled') return [];
    const name = components[i]?.name ?? 'infra';
    return [r.reason instanceof InfraError ? r.reason : new InfraError(name, errorText(r.reason))];
  });
  const [first, ...others] = failures;
  for (const other of others) ctx.log(other.message);
  if (first) throw first;
  return results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
}

export async function installInfra(opts: InfraOptions = {}): Promise<void> {
  const ctx = createContext(opts);
  await forEach(INFRA_COMPONENTS, ctx, (c) => installOne(c, ctx));
}

export async function startInfra(
  opts: InfraOptions = {},
): Promise<{ urls: InfraUrls; startedNow: string[] }> {
  const ctx = createContext(opts);
  const started = await forEach(INFRA_COMPONENTS, ctx, async (c) =>
    (await startOne(c, ctx)) ? [c.name] : [],
  );
  return { urls: resolveInfraUrls(ctx.env), startedNow: started.flat() };
}

export async function stopInfra(opts: StopInfraOptions = {}): Promise<void> {
  const ctx = createContext(opts);
  const targets = opts.only ? opts.only.map(componentByName) : INFRA_COMPONENTS;
  await forEach(targets, ctx, (c) => stopOne(c, ctx));
}

export function infraStatus(opts: { env?: NodeJS.ProcessEnv } = {}): Promise<InfraComponentStatus[]> {
  const env = opts.env ?? process.env;
  return Promise.all(INFRA_COMPONENTS.map((c) => statusOne(c, env)));
}

/** For fault tests: e.g. stop Kafka alone, assert the services cope, then bring it back. */
export async function startComponent(
  name: InfraComponentName,
  opts: InfraOptions = {},
): Promise<{ name: InfraComponentName; startedNow: boolean; address: string }> {
  const component = componentByName(name);
  const ctx = createContext(opts);
  const [startedNow = false] = await forEach([component], ctx, (c) => startOne(c, ctx));
  return { name, startedNow, address: component.address(resolveInfraUrls(ctx.env)) };
}

export async function stopComponent(name: InfraComponentName, opts: InfraOptions = {}): Promise<void> {
  await stopInfra({ ...opts, only: [name] });
}
