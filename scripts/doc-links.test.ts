import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { anchorsOf, codeSpans, headingsOf, markdownLinks } from './markdown';

// The project's docs stand alone: every link and every named file resolves inside the repository, every anchor
// and every quoted heading ("docs/decisions/events.md, "Retry budget"") exists, and nothing cites the
// product's specification or house notes kept outside the repository.
const root = join(__dirname, '..');

// The benchmark notes are being rewritten on another branch this session (issue 33); they join this check when
// that lands.
const TEXT = /\.(md|ts|js|proto|ya?ml|sh|json)$/;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => TEXT.test(path) && path !== 'pnpm-lock.yaml' && existsSync(join(root, path)));
const markdown = files.filter((path) => path.endsWith('.md'));
const texts = new Map<string, string>();
/** A file's text, read once for all the checks below. */
function read(path: string): string {
  const text = texts.get(path) ?? readFileSync(join(root, path), 'utf8');
  texts.set(path, text);
  return text;
}
const isFile = (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isFile();

/** Where a file named in `from` is: beside it, from the repository's root, or in docs/. */
function resolveNamed(from: string, named: string): string | undefined {
  return [join(dirname(from), named), named, join('docs', named)]
    .map((path) => normalize(path))
    .find((path) => !path.startsWith('..') && isFile(path));
}

describe('links in the Markdown files', () => {
  it('finds links at all (the parsing still works)', () => {
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
    expect(markdownLinks(read('README.md')).length).toBeGreaterThan(5);
  });

  it('point at files or folders of the repository, and at anchors those files have', () => {
    const broken = markdown.flatMap((path) =>
      markdownLinks(read(path))
        .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target))
        .flatMap((target) => {
          const [file = '', anchor] = target.split('#');
          const resolved = file === '' ? path : normalize(join(dirname(path), decodeURI(file)));
          if (resolved.startsWith('..') || !existsSync(join(root, resolved))) return [`${path}: ${target}`];
          if (anchor === undefined || !resolved.endsWith('.md')) return [];
          return anchorsOf(read(resolved)).includes(anchor) ? [] : [`${path}: ${target} (no such anchor)`];
        }),
    );
    expect(broken).toEqual([]);
  });
});

describe('paths in the Markdown files', () => {
  const TOP = /^(?:bench|deploy|docs|gateway|helm|packages|proto|scripts|services|test)\//;
  /** A folder of the repository that a path in a package's or service's own terms (`test/x.test.ts`) may be in. */
  const homes = ['packages', 'services'].flatMap((top) =>
    readdirSync(join(root, top)).map((name) => `${top}/${name}`),
  );

  it('name, in code spans, only files and folders that exist (a moved file moves its mentions)', () => {
    const missing = markdown.flatMap((path) =>
      codeSpans(read(path))
        .map((span) => span.replace(/[.,:;)]+$/, '').replace(/[#:].*$/, ''))
        .filter((span) => TOP.test(span) && !/[\s<>*{}…$]/.test(span))
        .filter(
          (span) =>
            !existsSync(join(root, span)) &&
            !existsSync(join(root, dirname(path), span)) &&
            !(span.startsWith('test/') && homes.some((home) => existsSync(join(root, home, span)))),
        )
        .map((span) => `${path}: ${span}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('references in code and docs', () => {
  it('cite no file outside the repository (the specification, its decisions, house notes, with or without `.md`)', () => {
    const outside =
      /\.\.\/shared|\bspec\/|(?<![\w/-])(?:partner|internal)-api\b(?!\.ts)|\bSTYLE\b|\bARCHITECTURE\b|\b[PI] §/;
    const found = files.flatMap((path) =>
      read(path)
        .split('\n')
        .map((line, i) => [i + 1, line] as const)
        .filter(([, line]) => outside.test(line))
        .map(([n, line]) => `${path}:${n}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('name only Markdown files that exist', () => {
    const missing = files.flatMap((path) =>
      [...read(path).matchAll(/(?<![\w/.-])((?:[\w.-]+\/)*[\w.-]+\.md)\b/g)]
        .map((m) => m[1] ?? '')
        .filter((named) => resolveNamed(path, named) === undefined)
        .map((named) => `${path}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it('name the topic file of a decision, not the index (docs/decisions/<topic>.md)', () => {
    const bare = files
      // The index itself, and the tests that read it.
      .filter(
        (path) =>
          !['docs/decisions.md', 'scripts/decisions-index.test.ts', 'scripts/doc-links.test.ts'].includes(
            path,
          ),
      )
      .flatMap((path) =>
        read(path)
          .replace(/\]\([^)\s]*\)/g, ']') // a Markdown link to the index as a whole is fine
          .split('\n')
          .map((line, i) => [i + 1, line] as const)
          .filter(([, line]) => /(?<![\w/-])(?:docs\/)?decisions\.md/.test(line))
          .map(([n, line]) => `${path}:${n}: ${line.trim()}`),
      );
    expect(bare).toEqual([]);
  });

  it('quote headings (or a bold lead of a paragraph or list item) that the named file has', () => {
    const headingsByFile = new Map<string, string[]>();
    const wrong = files.flatMap((path) =>
      [...read(path).matchAll(/((?:[\w.-]+\/)*[\w.-]+\.md)\)?,? "([^"\n]+)"/g)].flatMap((m) => {
        const [, named = '', quoted = ''] = m;
        const file = resolveNamed(path, named);
        if (file === undefined) return []; // the test above reports it
        const heads = headingsByFile.get(file) ?? headingsOf(read(file));
        headingsByFile.set(file, heads);
        const wanted = quoted.replace(/[.,;:]$/, '');
        return heads.some((head) => head.startsWith(wanted))
          ? []
          : [`${path}: ${named} "${quoted}" (${file})`];
      }),
    );
    expect(wrong).toEqual([]);
  });
});
