import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flattened, PARTNER_DOCUMENTS, type PartnerDocument } from '../packages/testkit/src/documented';
import { behaviourSentences } from './documented-sentences';

// Every sentence of the partner documents that states behaviour names a test that checks it, or the sentence goes
// (issue 44; docs/decisions/documented-behaviour.md). A test names a sentence with `documented(document, sentence)`
// of @travel/testkit, which also fails that test when the document stops saying it.
const root = join(__dirname, '..');

/** The `documented(...)` calls of the repository's TypeScript, as [document, quoted sentence, where]. */
function citations(): Array<{ document: string; quote: string; where: string }> {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((path) => path !== '' && !path.startsWith('packages/testkit/src/documented'));
  const call =
    /\bdocumented\(\s*'([^']+)',\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`([^`$]*)`)\s*,?\s*\)/g;
  return files.flatMap((path) => {
    let text: string;
    try {
      text = readFileSync(join(root, path), 'utf8');
    } catch {
      return []; // deleted in the work tree
    }
    if (!text.includes('documented(')) return [];
    return [...text.matchAll(call)].map((m) => ({
      document: m[1] ?? '',
      quote: (m[2] ?? m[3] ?? m[4] ?? '').replace(/\\(['"\\])/g, '$1'),
      where: `${path}:${text.slice(0, m.index).split('\n').length}`,
    }));
  });
}

const cited = citations();
const quotesOf = (document: PartnerDocument) =>
  cited.filter((c) => c.document === document).map((c) => flattened(c.quote));

/** A sentence is named when a test quotes it, a part of it (at least a clause), or a passage holding it. */
function named(sentence: string, quotes: string[]): boolean {
  const flat = flattened(sentence);
  return quotes.some(
    (quote) => (flat.includes(quote) && quote.length >= Math.min(30, flat.length)) || quote.includes(flat),
  );
}

describe('sentences of the partner documents that state behaviour', () => {
  it('are found at all (the reading still works)', () => {
    for (const document of PARTNER_DOCUMENTS) expect(behaviourSentences(document).length).toBeGreaterThan(3);
  });

  it('are each named by a test that checks them', () => {
    const unnamed = PARTNER_DOCUMENTS.flatMap((document) => {
      const quotes = quotesOf(document);
      return behaviourSentences(document)
        .filter((sentence) => !named(sentence, quotes))
        .map((sentence) => `${document}: ${sentence}`);
    });
    // A new or reworded sentence no test names fails here: name it in the test that proves it, or it goes.
    expect(unnamed).toEqual([]);
  });

  it('are quoted as the document says them, from a document of the register', () => {
    const wrong = cited.filter(
      ({ document, quote }) =>
        !(PARTNER_DOCUMENTS as readonly string[]).includes(document) ||
        !flattened(readFileSync(join(root, document), 'utf8')).includes(flattened(quote)),
    );
    expect(wrong.map((c) => `${c.where}: ${c.document} "${c.quote}"`)).toEqual([]);
  });
});
