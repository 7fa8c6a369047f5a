import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// The import rules of .dependency-cruiser.cjs (docs/architecture.md, "Import rules") run in the lint step over the
// real tree, where they find nothing. This proves that each one would: a small tree laid out like ours, with one
// breach of each rule and one import of each written exception, cruised with the repository's own config.
const root = join(__dirname, '..');
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');

const tree: Record<string, string> = {
  'tsconfig.check.json': JSON.stringify({ compilerOptions: { module: 'commonjs', target: 'es2022' } }),
  // packages/ import a service
  'packages/low/src/index.ts': "import { y } from '../../../services/beta/src/y';\nexport const low = y;\n",
  // a service imports another service's code
  'services/alpha/src/x.ts': "import { y } from '../../beta/src/y';\nexport const x = y;\n",
  'services/beta/src/y.ts': 'export const y = 1;\n',
  // an index and a file it gathers, importing each other (types only)
  'services/beta/src/uses/index.ts':
    "import { one } from './one';\nexport interface Deps { n: number }\nexport const all = [one];\n",
  'services/beta/src/uses/one.ts':
    "import type { Deps } from './index';\nexport const one = (deps: Deps) => deps.n;\n",
  // generated code imported around @travel/contracts
  'packages/contracts/src/gen/thing.ts': 'export const thing = 1;\n',
  'gateway/src/route.ts':
    "import { thing } from '../../packages/contracts/src/gen/thing';\nexport const route = thing;\n",
  // a gateway route group importing another group, a route file at the root, and a layer below importing a group
  'gateway/src/routes/alpha/a.routes.ts':
    "import { b } from '../beta/b.routes';\nimport { s } from '../common/s';\nimport { root } from '../root.routes';\nexport const a = [b, s, root];\n",
  'gateway/src/routes/beta/b.routes.ts': 'export const b = 1;\n',
  'gateway/src/routes/common/s.ts': 'export const s = 1;\n',
  'gateway/src/routes/root.routes.ts': 'export const root = 1;\n',
  'gateway/src/http/h.ts': "import { b } from '../routes/beta/b.routes';\nexport const h = b;\n",
  'gateway/src/app.ts': "import { a } from './routes/alpha/a.routes';\nexport const app = a;\n",
  // the written exceptions: a component test starting its real neighbour, the SDK's webhook test, a route group's
  // test assembling a whole document, a middleware test running the assembled app
  'gateway/src/routes/alpha/document.test.ts':
    "import { root } from '../root.routes';\nexport const d = root;\n",
  'gateway/src/middleware/m.test.ts': "import { app } from '../app';\nexport const m = app;\n",
  'services/alpha/test/neighbour.test.ts': "import { y } from '../../beta/src/y';\nexport const z = y;\n",
  // the console importing the gateway's code, and the gateway importing the console's
  'console/src/c.ts': "import { route } from '../../gateway/src/route';\nexport const c = route;\n",
  'gateway/src/uses-console.ts': "import { c } from '../../console/src/c';\nexport const u = c;\n",
  'packages/partner-sdk/src/webhooks.test.ts':
    "import { y } from '../../../services/beta/src/y';\nexport const w = y;\n",
};

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

let dir: string;
let found: string[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const out = execFileSync(
    depcruise,
    [
      'packages',
      'services',
      'gateway',
      'console',
      '--config',
      join(root, '.dependency-cruiser.cjs'),
      '--output-type',
      'json',
    ],
    { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const violations: Violation[] = JSON.parse(out).summary.violations;
  found = violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`).sort();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the import rules', () => {
  it('find each breach, and nothing in the written exceptions', () => {
    expect(found).toEqual(
      [
        'console-apart: console/src/c.ts -> gateway/src/route.ts',
        'nothing-imports-the-console: gateway/src/uses-console.ts -> console/src/c.ts',
        'gateway-groups-apart: gateway/src/routes/alpha/a.routes.ts -> gateway/src/routes/beta/b.routes.ts',
        'gateway-groups-below-their-composition: gateway/src/routes/alpha/a.routes.ts -> gateway/src/routes/root.routes.ts',
        'gateway-layers-below-routes: gateway/src/http/h.ts -> gateway/src/routes/beta/b.routes.ts',
        'generated-code-through-contracts: gateway/src/route.ts -> packages/contracts/src/gen/thing.ts',
        'no-cycles: services/beta/src/uses/index.ts -> services/beta/src/uses/one.ts',
        'packages-below-everything: packages/low/src/index.ts -> services/beta/src/y.ts',
        'services-apart: services/alpha/src/x.ts -> services/beta/src/y.ts',
      ].sort(),
    );
  });
});
