// The sentences of the partner documents that state behaviour a test can check, and the sentences the tests cite
// (`documented(document, sentence)` of @travel/testkit): docs/decisions/documented-behaviour.md.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { flattened, type PartnerDocument } from '../packages/testkit/src/documented';
import { sectionOf } from './markdown';

const root = join(__dirname, '..');
// The gateway's YAML reader (the root has no dependencies of its own).
const YAML = createRequire(join(root, 'gateway', 'package.json'))('yaml') as { parse(text: string): unknown };

/**
 * What makes a sentence a statement of behaviour: a status code or a number with a unit (a limit, a window, a
 * retention), a code in backticks (`rate_limited`, `booking.created`, `Idempotency-Key`). A sentence without
 * one explains; it states nothing a test could hold the API to.
 */
export const BEHAVIOUR = new RegExp(
  [
    String.raw`\b[1-5]\d\d\b`,
    String.raw`\b\d[\d,.]*\s*(?:ms|milliseconds?|seconds?|minutes?|hours?|days?|MiB|KiB|KB|bytes|characters|requests|attempts|calls|times|entries|items|deliveries)\b`,
    '`[a-z]+(?:_[a-z]+)+`',
    '`[a-z]+\\.[a-z_]+`',
    '`[A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)+`',
  ].join('|'),
);

/** Where in each document partners read about the partner API (the rest of `docs/access.md` is about staff). */
const PARTS: Record<PartnerDocument, (text: string) => string[]> = {
  'gateway/openapi/partner.texts.yaml': (text) => descriptions(YAML.parse(text)),
  'docs/webhooks.md': (text) => [text],
  'docs/idempotency.md': (text) =>
    ['What a caller sees', 'The routes'].map((title) => sectionOf(text, title)),
  'docs/access.md': (text) =>
    ['A partner call (`/api/v1`, every route but `/health`)', 'Usage', 'Spending limits per key'].map(
      (title) => sectionOf(text, title),
    ),
};

/** Every `summary` and `description` text of an OpenAPI texts document. */
function descriptions(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(descriptions);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    (key === 'description' || key === 'summary') && typeof value === 'string' ? [value] : descriptions(value),
  );
}

/** A Markdown text's sentences: each paragraph, list item and table row split at its full stops. */
export function sentencesOf(markdown: string): string[] {
  const blocks: string[] = [];
  let block: string[] = [];
  let fenced = false;
  const end = () => {
    if (block.length > 0) blocks.push(flattened(block.join(' ')));
    block = [];
  };
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      end();
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      end();
      continue;
    }
    if (/^\|[\s|:-]+\|$/.test(trimmed)) {
      blocks.pop(); // a table's header row names its columns
      continue;
    }
    if (/^(?:[-*]|\d+\.)\s/.test(trimmed) || trimmed.startsWith('|')) end();
    block.push(trimmed);
    if (trimmed.startsWith('|')) end();
  }
  end();
  return blocks.flatMap((text) =>
    text.startsWith('|') ? [text] : text.split(/(?<=[.!?])\s+(?=[A-Z`(*\d])/).map((s) => s.trim()),
  );
}

/** The sentences of a partner document that state behaviour, in the order they come. */
export function behaviourSentences(document: PartnerDocument): string[] {
  const text = readFileSync(join(root, document), 'utf8');
  const sentences = PARTS[document](text)
    .flatMap(sentencesOf)
    // A lead-in ("`error.code` is one of:") announces the list that states it.
    .filter((sentence) => BEHAVIOUR.test(sentence) && !sentence.endsWith(':'));
  return [...new Set(sentences)];
}
