import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// docs/decisions.md is the index of docs/decisions/: one line per topic file, with what it decides.
const root = join(__dirname, '..');
const index = readFileSync(join(root, 'docs/decisions.md'), 'utf8');
const topics = readdirSync(join(root, 'docs/decisions')).filter((file) => file.endsWith('.md'));
const entries = [...index.matchAll(/^- \[([^\]]+)\]\(decisions\/([\w.-]+\.md)\): (.+)$/gm)].map((m) => ({
  title: m[1] ?? '',
  file: m[2] ?? '',
  summary: m[3] ?? '',
}));

describe('docs/decisions.md, the index of the decisions', () => {
  it('has one line for each file in docs/decisions/, and none for a file that is not there', () => {
    expect(entries.map((entry) => entry.file).sort()).toEqual([...topics].sort());
  });

  it('lists each file once, with a summary of one sentence', () => {
    expect(new Set(entries.map((entry) => entry.file)).size).toBe(entries.length);
    expect(entries.filter((entry) => entry.summary.length < 10 || !entry.summary.endsWith('.'))).toEqual([]);
  });

  it('holds no decision itself: its only sections are in the topic files', () => {
    expect(index.match(/^##+ /gm)).toBeNull();
  });

  it('names each topic file by the title the file has', () => {
    const titles = entries.map(({ file, title }) => [
      file,
      /^# (?:Decisions: )?(.+)$/m.exec(readFileSync(join(root, 'docs/decisions', file), 'utf8'))?.[1],
      title,
    ]);
    expect(titles.filter(([, own, listed]) => own !== listed)).toEqual([]);
  });
});
