// Builds the console's web bundle (`pnpm run build:web`: the typed client from gateway/openapi/internal.yaml, then
// vite build) when dist/web is missing or older than anything it is made from; else says it is up to date. The
// root `pnpm run build` runs this, so `npm start`, `npm test` and the image build all serve a current bundle.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'web', 'index.html');
const GENERATED = join(root, 'web', 'src', 'api', 'internal.d.ts');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return path === GENERATED ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = [
  join(root, 'web'),
  join(root, 'package.json'),
  join(root, '..', 'gateway', 'openapi', 'internal.yaml'),
];
const stale =
  !existsSync(built) || !existsSync(GENERATED) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (!stale) {
  console.log('[console] web bundle up to date');
  process.exit(0);
}
console.log('[console] building the web bundle (vite)');
const run = spawnSync('pnpm', ['run', '--silent', 'build:web'], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
