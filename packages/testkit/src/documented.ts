import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The documents a partner reads, whose sentences about behaviour each name a test that checks them
 * (docs/decisions/documented-behaviour.md): the served partner document's texts and the `docs/` pages it sends
 * partners to. `docs/offer-tokens.md` is the partner document's "Offer tokens" word for word
 * (scripts/offer-tokens-doc.test.ts), so its sentences are cited there.
 */
export const PARTNER_DOCUMENTS = [
  'gateway/openapi/partner.texts.yaml',
  'docs/webhooks.md',
  'docs/idempotency.md',
  'docs/access.md',
] as const;
export type PartnerDocument = (typeof PARTNER_DOCUMENTS)[number];

/** Text with every run of white space (line breaks, a YAML block's indentation) made one space. */
export const flattened = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The repository's root: this file is in `packages/testkit/src` (or its build in `dist`). */
const ROOT = join(__dirname, '..', '..', '..');

/** A partner document's text, flattened. */
export function documentText(document: PartnerDocument): string {
  return flattened(readFileSync(join(ROOT, document), 'utf8'));
}

/**
 * The test that calls this checks `sentence` (or the part of it quoted) of a partner document. It fails the
 * test when the document no longer says it, so a changed sentence sends its author to the test that proves it;
 * scripts/documented-behaviour.test.ts reads these calls to find the sentences that no test names.
 */
export function documented(document: PartnerDocument, sentence: string): void {
  if (!documentText(document).includes(flattened(sentence)))
    throw new Error(`${document} no longer says "${sentence}": read the test against the document again`);
}
