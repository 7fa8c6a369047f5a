import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The house rule: no module singletons, no hidden globals; `main.ts` wires everything by hand. A module-level `let`,
 * `new Map/Set/WeakMap/WeakSet` or a write to `process.env` is state shared by everything that imports the
 * module: two services in one test process (component tests run several) would share it, and a test cannot
 * give it a fresh one. State lives in what a factory returns instead (`createPostEvent`'s connection pools).
 * This guard reads the source of every service and package (not tests, not generated code, not `main.ts`)
 * line by line: top-level statements start at column 0 in formatted code. A lookup table typed `ReadonlySet`
 * or `ReadonlyMap` is not state (the type says nobody adds to it).
 */
const ROOT = join(__dirname, '..', '..', '..');

/** Process-global by nature, mirrored here: each names the library whose global it follows. */
const ALLOWED: Record<string, string> = {
  // prom-client: one registry per process, served by the metrics listener; METRICS_ENABLED switches its hooks.
  'packages/metrics/src/registry.ts': 'the process registry of prom-client',
  // OpenTelemetry: one tracer provider and context manager per process; the flag mirrors it.
  'packages/tracing/src/start-tracing.ts': "OpenTelemetry's global tracer provider",
  // Node's async context, as OpenTelemetry's context manager uses it: a key to the served call's scope, which
  // lives in each call's async context, never in the module (docs/decisions/deadlines-and-load.md).
  'packages/grpc/src/call-scope.ts': 'the async context of the call a handler serves',
};

const RULES: { name: string; test: (line: string) => boolean }[] = [
  { name: 'a module-level let', test: (line) => /^(export\s+)?let\s/.test(line) },
  {
    name: 'a module-level Map, Set, WeakMap or WeakSet',
    test: (line) => {
      const match = /^(export\s+)?const\s+\w+\s*(:\s*([^=]+?))?\s*=\s*new\s+(Map|Set|WeakMap|WeakSet)\b/.exec(
        line,
      );
      return match !== null && !/^Readonly(Map|Set)</.test(match[3] ?? '');
    },
  },
  {
    name: 'a module-level AsyncLocalStorage (a hidden context)',
    test: (line) => /^(export\s+)?const\s+\w+[^=]*=\s*new\s+AsyncLocalStorage\b/.test(line),
  },
  {
    name: 'a write to process.env',
    test: (line) =>
      /process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)/.test(line) ||
      /(Object\.assign\(\s*process\.env|delete\s+process\.env)/.test(line),
  },
];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['gen', 'generated', 'node_modules'].includes(entry.name) ? [] : sourcesUnder(path);
    const source =
      entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts');
    return source && entry.name !== 'main.ts' ? [path] : [];
  });
}

const sourceRoots = ['services', 'packages'].flatMap((group) =>
  readdirSync(join(ROOT, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(ROOT, group, entry.name, 'src')),
);

function moduleStateIn(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      RULES.filter((rule) => rule.test(line)).map((rule) => `${index + 1}: ${rule.name}: ${line.trim()}`),
    );
}

describe('module state', () => {
  it('when a file holds module-level state, then the guard names the line', () => {
    expect(moduleStateIn('let cache = 0;\nexport let count = 1;')).toHaveLength(2);
    expect(moduleStateIn('const agents = new Map<string, Agent>();')).toHaveLength(1);
    expect(moduleStateIn("process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';")).toHaveLength(1);
    expect(moduleStateIn("  process.env['X'] = 'y';\ndelete process.env.X;")).toHaveLength(2);
    expect(moduleStateIn('const scopes = new AsyncLocalStorage<Scope>();')).toHaveLength(1);
    expect(moduleStateIn("const CODES: ReadonlySet<string> = new Set(['EPIPE']);")).toEqual([]);
    expect(moduleStateIn('  let inside = 0;\nconst seen = process.env.X === "1";')).toEqual([]);
  });

  it('when the services and packages are read, then none holds module-level state outside main.ts', () => {
    const files = sourceRoots.flatMap((root) => {
      try {
        return sourcesUnder(root);
      } catch {
        return []; // a package without src/
      }
    });
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => {
      const path = relative(ROOT, file).split('\\').join('/');
      if (ALLOWED[path]) return [];
      return moduleStateIn(readFileSync(file, 'utf8')).map((problem) => `${path}:${problem}`);
    });
    expect(found).toEqual([]);
  });
});
