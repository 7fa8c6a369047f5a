// Small readers of the project's Markdown, for the tests that keep the docs true to the code.

/** The lines of the section under `## <title>` (up to the next `## ` heading). */
export function sectionOf(text: string, title: string): string {
  const lines = text.split('\n');
  const start = lines.indexOf(`## ${title}`);
  if (start < 0) throw new Error(`no section "## ${title}"`);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The rows of the first table in `text` whose header's first cell is `firstHeader`, as cells. */
export function tableRows(text: string, firstHeader: string): string[][] {
  const lines = text.split('\n');
  const header = lines.findIndex((line) => cellsOf(line)[0] === firstHeader);
  if (header < 0) throw new Error(`no table headed "${firstHeader}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(cellsOf(line));
  }
  return rows;
}

function cellsOf(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** The words in backticks of one cell: "`pricing`, `billing`" is ['pricing', 'billing']. */
export function codeWords(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
}

/** The bodies of the ```mermaid blocks of `text`. */
export function mermaidBlocks(text: string): string[] {
  return [...text.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

/** The edges `a --> b` (also `a -->|label| b`) of a mermaid flowchart, one per line, as `a->b`. */
export function mermaidEdges(block: string): string[] {
  return block
    .split('\n')
    .map((line) => /^\s*(\w+)\s*-->(?:\|[^|]*\|)?\s*(\w+)\s*$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]}->${m[2]}`);
}

/** The node labels of a mermaid flowchart by node id: `pricing["pricing :50053"]` is pricing → 'pricing :50053'. */
export function mermaidLabels(block: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const line of block.split('\n')) {
    const m = /^\s*(\w+)\s*(?:\(\[|\[\(|\{\{|\[)"?([^"\]})]*)"?(?:\]\)|\)\]|\}\}|\])\s*$/.exec(line);
    if (m) labels.set(m[1] ?? '', m[2] ?? '');
  }
  return labels;
}

/** `text` without its fenced code blocks (a link or heading inside one is an example, not a link). */
function withoutCodeBlocks(text: string): string {
  return text.replace(/^[ \t]*```[\s\S]*?^[ \t]*```/gm, '');
}

/** The targets of the inline links `[text](target)` of a Markdown text, outside code blocks and code spans. */
export function markdownLinks(text: string): string[] {
  const prose = withoutCodeBlocks(text).replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

/** The headings of a Markdown text as written (links reduced to their text), and the bold lead of a paragraph or list item. */
export function headingsOf(text: string): string[] {
  const prose = withoutCodeBlocks(text);
  const headings = [...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    (m[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim(),
  );
  const leads = [...prose.matchAll(/^\s*(?:(?:[-*]|\d+\.) )?\*\*(.+?)\*\*/gm)].map((m) => m[1] ?? '');
  return [...headings, ...leads];
}

/** The anchors GitHub gives the headings of a Markdown text (`## Retry budget, parking` → `retry-budget-parking`). */
export function anchorsOf(text: string): string[] {
  const seen = new Map<string, number>();
  return [...withoutCodeBlocks(text).matchAll(/^#{1,6} (.+)$/gm)].map((m) => {
    const slug = (m[1] ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    return count === 0 ? slug : `${slug}-${count}`;
  });
}

/** The code spans (`x`) of a Markdown text outside its code blocks. */
export function codeSpans(text: string): string[] {
  return [...withoutCodeBlocks(text).matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
}
