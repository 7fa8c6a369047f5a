import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeWords, tableRows } from './markdown';

// docs/retention.md's table against the code: every collection a schema declares (services and the shared
// packages) has its row, every row names a collection that exists, and every setting a row names is read by a
// config.ts (or the shared fields of packages/config), so the table cannot drift from the code.
const root = join(__dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Non-test TypeScript sources under the `src` of every service and package, by path. */
function sources(): Map<string, string> {
  const found = new Map<string, string>();
  for (const top of ['services', 'packages']) {
    for (const name of readdirSync(join(root, top))) {
      const src = join(top, name, 'src');
      let files: string[];
      try {
        files = readdirSync(join(root, src), { recursive: true, encoding: 'utf8' });
      } catch {
        continue;
      }
      for (const file of files) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.includes('gen/')) continue;
        found.set(join(src, file), read(join(src, file)));
      }
    }
  }
  return found;
}

/**
 * The collection names the code declares: `{ collection: 'x' }` of a schema, the first argument of a schema
 * factory (`directorySchema('cost_centers', …)`), the values of a `COLLECTIONS` map handed to one, and a collection
 * the driver writes without a schema, named by a `…_COLLECTION = 'x'` constant (the index migration's record).
 */
function declaredCollections(): Set<string> {
  const names = new Set<string>();
  for (const text of sources().values()) {
    for (const m of text.matchAll(/\bcollection:\s*'([a-z_]+)'/g)) names.add(m[1] ?? '');
    for (const m of text.matchAll(/\b[a-z]\w*Schema\(\s*'([a-z_]+)'/g)) names.add(m[1] ?? '');
    for (const m of text.matchAll(/\b[A-Z_]+_COLLECTION\s*=\s*'([a-z_]+)'/g)) names.add(m[1] ?? '');
    const map = /\bconst COLLECTIONS\b[^=]*=\s*\{([^}]*)\}/.exec(text);
    for (const m of (map?.[1] ?? '').matchAll(/:\s*'([a-z_]+)'/g)) names.add(m[1] ?? '');
  }
  return names;
}

/** The environment variables every config.ts declares, and the shared fields of packages/config (every file of it). */
function settingNames(): Set<string> {
  const files = [
    ...readdirSync(join(root, 'packages/config/src'))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => `packages/config/src/${file}`),
    ...readdirSync(join(root, 'services')).map((name) => `services/${name}/src/config.ts`),
  ];
  const names = new Set<string>();
  for (const file of files) {
    for (const m of read(file).matchAll(/^\s*([A-Z][A-Z0-9_]+):/gm)) names.add(m[1] ?? '');
  }
  return names;
}

const rows = tableRows(read('docs/retention.md'), 'collection');
const documented = rows.map(([collection = '']) => codeWords(collection)[0] ?? collection);

describe('docs/retention.md', () => {
  it('when the schemas are read, then every collection they declare has its row in the retention table', () => {
    const missing = [...declaredCollections()].filter((name) => !documented.includes(name)).sort();
    expect({ missing }).toEqual({ missing: [] });
  });

  it('when the table is read, then each row names a collection the code declares, once', () => {
    const declared = declaredCollections();
    expect({ unknown: documented.filter((name) => !declared.has(name)) }).toEqual({ unknown: [] });
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('when a row names a setting, then a config.ts reads it', () => {
    const known = settingNames();
    const named = rows.flatMap((row) => codeWords(row[4] ?? ''));
    expect(named.length).toBeGreaterThan(10);
    expect({ unknown: named.filter((name) => !known.has(name)) }).toEqual({ unknown: [] });
  });

  it('when a row has a setting, then it says its default, and a row without one says what bounds it', () => {
    for (const [collection, , bound = '', fallback = '', setting = ''] of rows) {
      expect({ collection, bound: bound.length > 0 }).toEqual({ collection, bound: true });
      if (setting !== '-') expect({ collection, fallback }).not.toEqual({ collection, fallback: '-' });
    }
  });
});
