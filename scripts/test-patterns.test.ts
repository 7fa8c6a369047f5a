import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PATTERN_ADVICE, type PatternRule, patternHits } from './test-patterns';

// Checks that can pass without testing (docs/decisions/tests.md, "Checks that cannot pass without testing"):
// the shapes the text of a test shows are refused in every test file, so they do not come back.
const root = join(__dirname, '..');

/** Test files: `*.test.ts` anywhere, and every TypeScript file under a `test/` folder (fixtures, helpers). */
const testFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(
    (path) =>
      (path.endsWith('.test.ts') || /(^|\/)test\/.+\.ts$/.test(path)) &&
      path !== 'scripts/test-patterns.test.ts' &&
      existsSync(join(root, path)),
  );

/**
 * Known hits that are other work's to fix, each with why it stays for now (at most that many per file and
 * rule). A fixed one may stay listed until its line is gone from here; a new one anywhere fails.
 */
const KNOWN: { file: string; rule: PatternRule; count: number; why: string }[] = [
  {
    file: 'services/search/src/domain/hotel-and-car-inventory.test.ts',
    rule: 'one-of-literal-list',
    count: 2,
    why: "the car generator's types and transmissions: the list is the generator's whole domain; the test should check each car against its model",
  },
  {
    file: 'test/storefront/payment-gateways.test.ts',
    rule: 'one-of-literal-list',
    count: 1,
    why: "leaves out `refused` of three values, so it tests something; the exact value depends on the stack's default gateway",
  },
];

describe('the pattern finder', () => {
  it('when a loop over `x ?? []` or `x || []` asserts, then it is found; a loop that only collects is not', () => {
    const text = [
      'for (const tag of doc.tags ?? []) expect(tag).toBeTruthy();',
      'for (const p of pods || []) {',
      '  total += 1;',
      '  expect(p.ready).toBe(true);',
      '}',
      'for (const env of container.env ?? []) names.add(env.name);',
      'for (const c of spec.containers ?? []) { names.add(c.name); }',
    ].join('\n');
    expect(patternHits(text).map((hit) => [hit.rule, hit.line])).toEqual([
      ['loop-over-fallback', 1],
      ['loop-over-fallback', 2],
    ]);
  });

  it('when a value is asserted to be one of a literal list, then it is found, on one line or several', () => {
    const text = [
      "expect(['pending', 'succeeded', 'failed']).toContain(refund.status);",
      'expect([',
      "  'requires_action',",
      "  'processing',",
      ']).toContain(payment.status);',
      'expect([200, 204]).toContain(res.status);',
      "expect(names).toContain('a');",
      "expect(['a', 'b']).toEqual(list);",
    ].join('\n');
    expect(patternHits(text).map((hit) => [hit.rule, hit.line])).toEqual([
      ['one-of-literal-list', 1],
      ['one-of-literal-list', 2],
      ['one-of-literal-list', 6],
    ]);
  });

  it("when today is taken from the test's own clock, then it is found; a day from an answer is not", () => {
    const text = [
      'const day = new Date().toISOString().slice(0, 10);',
      "const other = new Date(Date.now()).toISOString().split('T')[0];",
      'const fromAnswer = new Date(answer.resetsAt).toISOString().slice(0, 10);',
    ].join('\n');
    expect(patternHits(text).map((hit) => [hit.rule, hit.line])).toEqual([
      ['local-today', 1],
      ['local-today', 2],
    ]);
  });
});

describe('the test files', () => {
  it('finds the test files at all (the listing still works)', () => {
    expect(testFiles.length).toBeGreaterThan(300);
    expect(testFiles).toEqual(
      expect.arrayContaining(['services/webhook/test/auto-disable.test.ts', 'scripts/doc-links.test.ts']),
    );
  });

  it('have no check that can pass without testing, beyond the known ones listed here with their reason', () => {
    const found: string[] = [];
    for (const file of testFiles) {
      const hits = patternHits(readFileSync(join(root, file), 'utf8'));
      for (const rule of Object.keys(PATTERN_ADVICE) as PatternRule[]) {
        const ofRule = hits.filter((hit) => hit.rule === rule);
        const allowed = KNOWN.find((known) => known.file === file && known.rule === rule)?.count ?? 0;
        if (ofRule.length > allowed)
          found.push(
            ...ofRule.map((hit) => `${file}:${hit.line} ${rule}: ${hit.text} (${PATTERN_ADVICE[rule]})`),
          );
      }
    }
    expect(found).toEqual([]);
  });
});
