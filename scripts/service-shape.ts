import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The one shape of a service's `src/` (docs/architecture.md, "Inside a service"; docs/decisions/service-shape.md):
 * the folder says the layer, the root holds only the process's entry and wiring.
 */
export const SERVICE_SHAPE = {
  /** Files at the root of `src/`: the entry point, its config, the hand wiring (and their unit tests). */
  rootFiles: ['main.ts', 'config.ts', 'service.ts', 'config.test.ts', 'service.test.ts'],
  required: ['main.ts', 'config.ts', 'service.ts', 'domain'],
  folders: {
    domain: 'use cases and the rules they share, grouped by sub-domain when there are many',
    db: 'schemas and repositories',
    grpc: 'thin handlers, and clients of other services',
    events: 'Kafka consumers and publishers',
    jobs: 'long-lived background loops with start() and stop()',
    adapters:
      'systems outside the platform (payment providers, SMTP, partner endpoints) behind ports the domain declares',
    commands: 'one-off commands, each its own process like main.ts (`dist/commands/<name>.js`)',
    wiring: "a sub-domain's hand wiring, when service.ts would grow too long",
  },
  /** More loose use cases than this in `domain/` and a newcomer can no longer find the room: group them. */
  maxLooseDomainFiles: 25,
  /** The only files that read `process.env`: entry points, which hand it to `readConfig` once. */
  envReaders: [/^main\.ts$/, /^commands\/[a-z0-9-]+\.ts$/],
} as const;

const KEBAB_FILE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.ts$/;
const KEBAB_FOLDER = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Layers the domain must not reach into: transports, adapters and entry points depend on the domain, never the reverse. */
const ABOVE_DOMAIN = /from '(?:\.\.\/)+(?:grpc|events|jobs|adapters|commands|wiring)\//;
/** Transport errors and drivers stay out of the domain: it throws catalog errors (`@travel/errors`). */
const TRANSPORT_IN_DOMAIN = /from '(?:nice-grpc|nice-grpc-common|@grpc\/grpc-js|express|kafkajs|mongoose)'/;
/** The catalog is `packages/errors`; a service keeping its own would be a second one. */
const OWN_CATALOG = /(^|\/)(errors|error-catalog|error-codes)\.ts$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

/** Every way the services under `servicesRoot` (`services/`) leave the shape; empty when each keeps it. */
export function serviceShapeProblems(servicesRoot: string): string[] {
  return readdirSync(servicesRoot)
    .sort()
    .filter((name) => existsSync(join(servicesRoot, name, 'src')))
    .flatMap((name) => shapeProblemsOf(name, join(servicesRoot, name, 'src')));
}

function shapeProblemsOf(service: string, src: string): string[] {
  const problems: string[] = [];
  const entries = readdirSync(src).sort();
  for (const needed of SERVICE_SHAPE.required)
    if (!entries.includes(needed)) problems.push(`${service}: src/${needed} is missing`);
  for (const entry of entries) {
    const folder = statSync(join(src, entry)).isDirectory();
    const known = folder ? Object.hasOwn(SERVICE_SHAPE.folders, entry) : isRootFile(entry);
    if (!known)
      problems.push(
        `${service}: src/${entry} is not part of the shape (folders: ${Object.keys(SERVICE_SHAPE.folders).join(', ')})`,
      );
  }
  const domain = join(src, 'domain');
  if (existsSync(domain)) {
    const loose = readdirSync(domain).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    if (loose.length > SERVICE_SHAPE.maxLooseDomainFiles)
      problems.push(
        `${service}: src/domain holds ${loose.length} loose files (at most ${SERVICE_SHAPE.maxLooseDomainFiles}); group them by sub-domain`,
      );
  }
  for (const file of filesUnder(src)) problems.push(...fileProblems(service, relative(src, file), file));
  return problems;
}

function isRootFile(name: string): boolean {
  return (SERVICE_SHAPE.rootFiles as readonly string[]).includes(name);
}

function fileProblems(service: string, path: string, file: string): string[] {
  const problems: string[] = [];
  const where = `${service}: src/${path}`;
  const parts = path.split('/');
  const name = parts.pop() as string;
  if (!KEBAB_FILE.test(name)) problems.push(`${where}: file names are kebab-case with role suffixes`);
  if (parts.some((folder) => !KEBAB_FOLDER.test(folder)))
    problems.push(`${where}: folder names are kebab-case`);
  if (OWN_CATALOG.test(path)) problems.push(`${where}: errors come from the one catalog, @travel/errors`);
  if (!name.endsWith('.ts') || name.endsWith('.test.ts')) return problems;
  const text = readFileSync(file, 'utf8');
  if (text.includes('process.env') && !SERVICE_SHAPE.envReaders.some((reader) => reader.test(path)))
    problems.push(
      `${where}: reads process.env (only main.ts and commands/ do; config is parsed once and passed in)`,
    );
  if (parts[0] === 'domain') {
    if (ABOVE_DOMAIN.test(text))
      problems.push(`${where}: the domain imports from grpc/, events/, jobs/, adapters/ or an entry`);
    if (TRANSPORT_IN_DOMAIN.test(text)) problems.push(`${where}: the domain imports a transport or driver`);
  }
  return problems;
}
