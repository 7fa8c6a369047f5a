// Shapes of a check that can pass without testing (docs/decisions/tests.md, "Checks that cannot pass without
// testing"), found in a test file's text. Each is cheap to spot in the text; the habits the text cannot show are
// written in that section instead.

export type PatternRule = 'loop-over-fallback' | 'one-of-literal-list' | 'local-today';

export interface PatternHit {
  rule: PatternRule;
  /** 1-based line of the match's start. */
  line: number;
  text: string;
}

/** What each rule means and what to write instead: the failure message of the scan. */
export const PATTERN_ADVICE: Record<PatternRule, string> = {
  'loop-over-fallback':
    'a loop that asserts over `x ?? []` passes when x is missing: assert x is there and not empty first, then loop over x',
  'one-of-literal-list':
    '`expect([a, b, c]).toContain(v)` passes for any value the code can return when the list is its whole domain: assert the exact value the fixture or the server gives',
  'local-today':
    "today from this process's clock fails just after midnight: take the day from the server's answer or record",
};

// `for (const x of <expr> ?? [])` or `|| []`: the header of a loop over what may be missing.
const FALLBACK_LOOP = /for \((?:const|let) [^;\n]*? of [^;\n]*?(?:\?\?|\|\|) \[\]\)/g;
// `expect(['a', 'b', 3]).toContain(`: a literal list of alternatives (strings or numbers only).
const LITERAL_LIST =
  /expect\(\s*\[\s*(?:'[^'\n]*'|"[^"\n]*"|-?\d+(?:\.\d+)?)(?:\s*,\s*(?:'[^'\n]*'|"[^"\n]*"|-?\d+(?:\.\d+)?))*\s*,?\s*\]\s*\)\s*\.toContain\(/g;
// Today's date from a fresh `new Date()` (or `Date.now()`) in the test's own process.
const LOCAL_TODAY =
  /new Date\((?:Date\.now\(\))?\)\.toISOString\(\)\.(?:slice\(0, ?10\)|substring\(0, ?10\)|split\('T'\)\[0\])/g;

/** The statement after a loop header that ends at `from`: a `{ … }` block, or one statement up to its `;`. */
function bodyAfter(text: string, from: number): string {
  let at = from;
  while (/\s/.test(text[at] ?? '')) at++;
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') {
      depth--;
      if (depth === 0 && c === '}' && text[at] === '{') return text.slice(at, i + 1);
    } else if (c === ';' && depth === 0) return text.slice(at, i + 1);
  }
  return text.slice(at);
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Every match of the three rules in one test file's text. */
export function patternHits(text: string): PatternHit[] {
  const hits: PatternHit[] = [];
  const add = (rule: PatternRule, match: RegExpMatchArray) =>
    hits.push({ rule, line: lineAt(text, match.index ?? 0), text: match[0] });
  for (const match of text.matchAll(FALLBACK_LOOP))
    if (bodyAfter(text, (match.index ?? 0) + match[0].length).includes('expect('))
      add('loop-over-fallback', match);
  for (const match of text.matchAll(LITERAL_LIST)) add('one-of-literal-list', match);
  for (const match of text.matchAll(LOCAL_TODAY)) add('local-today', match);
  return hits.sort((a, b) => a.line - b.line);
}
