import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// npm test and CI run on the Node.js the set-up puts first on PATH (scripts/bootstrap.sh installs it when the
// machine's is older): the tests must run on the version package.json's engines asks for, not the machine's.
describe('the Node.js running the tests', () => {
  it('is at least the major version of the root package.json engines', () => {
    const { engines } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const [, wanted] = /^>=(\d+)$/.exec(engines.node) ?? [];
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(Number(wanted));
  });
});
