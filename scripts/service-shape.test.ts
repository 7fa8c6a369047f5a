import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SERVICE_SHAPE, serviceShapeProblems } from './service-shape';

/** Writes `files` (path → text) under a fresh `services/` folder; the folder. */
function treeOf(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'service-shape-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const WELL_SHAPED = {
  'pricing/src/main.ts': "runService('pricing', () => readConfig(process.env), createPricingService);\n",
  'pricing/src/config.ts': 'export function readConfig(env: Record<string, string>) { return env; }\n',
  'pricing/src/service.ts': 'export function createPricingService() {}\n',
  'pricing/src/domain/quote-price.ts': "import { AppError } from '@travel/errors';\n",
  'pricing/src/domain/rules/create-rule.ts': "import type { Rule } from '../../db/rule.repository';\n",
  'pricing/src/db/rule.repository.ts': "import type { Model } from 'mongoose';\n",
  'pricing/src/grpc/pricing.grpc.ts': "import { ServerError } from 'nice-grpc';\n",
  'pricing/src/commands/reseal.ts': "runCommand('reseal', () => readConfig(process.env), work);\n",
};

describe('the service shape', () => {
  const made: string[] = [];
  const tree = (files: Record<string, string>): string => {
    const root = treeOf(files);
    made.push(root);
    return root;
  };
  afterAll(() => {
    for (const root of made) rmSync(root, { recursive: true, force: true });
  });

  it('when every service of the repository keeps the shape, then there is no problem', () => {
    expect(serviceShapeProblems(join(__dirname, '..', 'services'))).toEqual([]);
  });

  it('when a service keeps the shape in a tree of its own, then there is no problem', () => {
    expect(serviceShapeProblems(tree(WELL_SHAPED))).toEqual([]);
  });

  it('when a service misses its entry, config or wiring, then each is named', () => {
    const { 'pricing/src/service.ts': _, 'pricing/src/config.ts': __, ...rest } = WELL_SHAPED;
    expect(serviceShapeProblems(tree(rest))).toEqual([
      'pricing: src/config.ts is missing',
      'pricing: src/service.ts is missing',
    ]);
  });

  it('when a service has a folder or a root file outside the shape, then it is named', () => {
    const problems = serviceShapeProblems(
      tree({ ...WELL_SHAPED, 'pricing/src/delivery/post.ts': '', 'pricing/src/customers.wiring.ts': '' }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^pricing: src\/customers\.wiring\.ts is not part of the shape/),
      expect.stringMatching(/^pricing: src\/delivery is not part of the shape/),
    ]);
  });

  it('when domain/ holds more loose use cases than a newcomer can scan, then it asks for sub-domains', () => {
    const many = SERVICE_SHAPE.maxLooseDomainFiles + 1;
    const loose = Object.fromEntries(
      Array.from({ length: many }, (_, i) => [`pricing/src/domain/use-case-${i}.ts`, '']),
    );
    // Tests beside the code do not count; the same files in a sub-folder are fine.
    const grouped = Object.fromEntries(
      Array.from({ length: many }, (_, i) => [`pricing/src/domain/rules/use-case-${i}.ts`, '']),
    );
    expect(
      serviceShapeProblems(tree({ ...WELL_SHAPED, ...grouped, 'pricing/src/domain/a.test.ts': '' })),
    ).toEqual([]);
    expect(serviceShapeProblems(tree({ ...WELL_SHAPED, ...loose }))).toEqual([
      `pricing: src/domain holds ${many + 1} loose files (at most ${SERVICE_SHAPE.maxLooseDomainFiles}); group them by sub-domain`,
    ]);
  });

  it('when a file other than an entry point reads process.env, then it is named', () => {
    const problems = serviceShapeProblems(
      tree({
        ...WELL_SHAPED,
        'pricing/src/config.ts': 'export const port = process.env.GRPC_PORT;\n',
        'pricing/src/jobs/sweeper.ts': 'const every = Number(process.env.SWEEP_MS);\n',
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^pricing: src\/config\.ts: reads process\.env/),
      expect.stringMatching(/^pricing: src\/jobs\/sweeper\.ts: reads process\.env/),
    ]);
  });

  it('when the domain reaches up into transport, a driver or a catalog of its own, then each is named', () => {
    const problems = serviceShapeProblems(
      tree({
        ...WELL_SHAPED,
        'pricing/src/domain/rules/delete-rule.ts': "import { ServerError } from 'nice-grpc';\n",
        'pricing/src/domain/quote-price.ts': "import { handlers } from '../grpc/pricing.grpc';\n",
        'pricing/src/domain/errors.ts': 'export const catalog = {};\n',
        'pricing/src/domain/QuotePrice.ts': '',
      }),
    );
    expect(problems).toEqual([
      'pricing: src/domain/QuotePrice.ts: file names are kebab-case with role suffixes',
      'pricing: src/domain/errors.ts: errors come from the one catalog, @travel/errors',
      'pricing: src/domain/quote-price.ts: the domain imports from grpc/, events/, jobs/, adapters/ or an entry',
      'pricing: src/domain/rules/delete-rule.ts: the domain imports a transport or driver',
    ]);
  });
});
