import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSchemathesis } from '@travel/local-deploy';

/** One seed for every run, so a finding reproduces exactly (`st run ... --seed`). */
export const FUZZ_SEED = 20261123;
/**
 * Test cases per operation and phase: with 195 operations on 2 shared cores this keeps both documents
 * to a few minutes; measured figures in docs/decisions/http-api.md "Contract and fuzzing".
 */
export const MAX_EXAMPLES = 5;
/** Two requests in flight: the stack waits on its store and gRPC more than on the CPU. */
const WORKERS = 2;
/** Stateful phase: steps per scenario; each link chain (create → read → delete) is short. */
const MAX_STEPS = 12;

/** Schemathesis hooks: the `x-rule` fields (hooks.py says why). */
const HOOKS = join(__dirname, 'hooks.py');

export interface FuzzRun {
  /** `/api/v1/openapi.json` or `/api/openapi.json` of the launched gateway. */
  document: string;
  /**
   * A bearer credential per security scheme of the document (`apiKey`, `staffToken`, ...); they reach
   * schemathesis through the environment, so they never appear in argv, the config file or the report.
   */
  bearer: Record<string, string>;
  /** `--exclude-name` values, e.g. `POST /admin/auth/logout`. */
  exclude?: string[];
  /** Fixed values of path and query parameters, by name. */
  parameters?: Record<string, string>;
  /** Fixed parameter values on the operations of one path (`/admin/users/{id}`). */
  pinned?: { path: string; parameters: Record<string, string> }[];
}

export interface FuzzResult {
  code: number | null;
  output: string;
}

/** A TOML inline table of strings (JSON string escapes are TOML's too). */
const inlineTable = (values: Record<string, string>) =>
  `{ ${Object.entries(values)
    .map(([name, value]) => `${name} = ${JSON.stringify(value)}`)
    .join(', ')} }`;

const envName = (scheme: string) => `FUZZ_BEARER_${scheme.toUpperCase()}`;
/** schemathesis.toml reads `${NAME}` from the environment. */
const envReference = (scheme: string) => ['$', '{', envName(scheme), '}'].join('');

/** Runs `schemathesis run` with every check and every phase; resolves with its exit code and report. */
export async function runSchemathesis(run: FuzzRun): Promise<FuzzResult> {
  const binary = await ensureSchemathesis({ log: (line) => process.stderr.write(`${line}\n`) });
  const dir = mkdtempSync(join(tmpdir(), 'fuzz-'));
  const configFile = join(dir, 'schemathesis.toml');
  writeFileSync(
    configFile,
    [
      `seed = ${FUZZ_SEED}`,
      'color = false',
      `parameters = ${inlineTable(run.parameters ?? {})}`,
      '[generation]',
      // No example database: a run depends on the seed alone, and nothing is written into the repo.
      'database = "none"',
      '[cache]',
      'enabled = false',
      // Negative data may be refused as too large before its fields are read: a body over the gateway's 1 MiB
      // limit answers 413 payload_too_large, a rejection like 400. Otherwise schemathesis's own list.
      '[checks.negative_data_rejection]',
      'expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5XX"]',
      '[phases.stateful]',
      `max-steps = ${MAX_STEPS}`,
      ...(run.pinned ?? []).flatMap(({ path, parameters }) => [
        '[[operations]]',
        `include-path = ${JSON.stringify(path)}`,
        `parameters = ${inlineTable(parameters)}`,
      ]),
      ...Object.keys(run.bearer).flatMap((scheme) => [
        `[auth.openapi.${scheme}]`,
        `bearer = "${envReference(scheme)}"`,
      ]),
    ].join('\n'),
  );
  const args = [
    '--config-file',
    configFile,
    'run',
    run.document,
    '--checks',
    'all',
    '--phases',
    'examples,coverage,fuzzing,stateful',
    '--max-examples',
    String(MAX_EXAMPLES),
    '--workers',
    String(WORKERS),
    '--request-timeout',
    '10',
    ...(run.exclude ?? []).flatMap((name) => ['--exclude-name', name]),
  ];
  return new Promise((resolve) => {
    execFile(
      binary,
      args,
      {
        cwd: dir,
        env: {
          ...process.env,
          ...Object.fromEntries(
            Object.entries(run.bearer).map(([scheme, value]) => [envName(scheme), value]),
          ),
          SCHEMATHESIS_HOOKS: HOOKS,
          NO_COLOR: '1',
        },
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? null) : 0;
        resolve({ code: typeof code === 'number' ? code : null, output: `${stdout}${stderr}` });
      },
    );
  });
}
