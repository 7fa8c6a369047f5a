import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// docs/decisions/security.md says which routes the every-failing-field suite leaves out; the suite's own table
// (`EXCEPTIONS` in test/platform/every-failing-field.test.ts) is what it does. The two must agree: the doc
// named one exception while the suite had two (issue 47).
const root = join(__dirname, '..');
const suite = readFileSync(join(root, 'test/platform/every-failing-field.test.ts'), 'utf8');
const decision = readFileSync(join(root, 'docs/decisions/security.md'), 'utf8');

/** The route keys of the suite's `EXCEPTIONS` table (`'POST /api/…':` at the start of a line of it). */
function exceptionsOfSuite(): string[] {
  const start = suite.indexOf('const EXCEPTIONS');
  const table = suite.slice(start, suite.indexOf('\n};', start));
  return [...table.matchAll(/^ {2}'((?:GET|POST|PUT|PATCH|DELETE) [^']+)':/gm)].map(
    (match) => match[1] as string,
  );
}

/** The paragraph of the decision about the suite. */
function paragraph(): string {
  const start = decision.indexOf('- **Every failing field, over every route with a body**');
  return decision.slice(start, decision.indexOf('\n- **', start + 1));
}

const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five'];

describe('the every-failing-field exceptions in the decision', () => {
  it('when the suite excepts routes, then the decision names each of them, and as many as there are', () => {
    const exceptions = exceptionsOfSuite();
    expect(exceptions.length).toBeGreaterThan(0);
    const text = paragraph();
    expect(text).toContain('test/platform/every-failing-field.test.ts');
    for (const route of exceptions) expect(text).toContain(`\`${route}\``);
    const count = NUMBERS[exceptions.length] ?? String(exceptions.length);
    expect(text).toMatch(new RegExp(`\\b${count} exceptions?\\b`));
  });
});
