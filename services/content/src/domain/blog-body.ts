import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

export type BlogFormat = 'html' | 'markdown';

// What an article may hold: sanitize-html's defaults (text, lists, tables, links...) plus images and headings.
// No script, style, iframe, form or event-handler attribute ever survives; links only http(s) and mailto.
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'figure', 'figcaption'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, POLICY);
}

/**
 * A body as stored and as served: an HTML body is kept sanitised (so even its source never carries a script);
 * a Markdown body is kept as written for its editors and rendered to sanitised HTML for readers.
 */
export function renderBody(format: BlogFormat, body: string): { body: string; html: string } {
  if (format === 'html') {
    const clean = sanitize(body);
    return { body: clean, html: clean };
  }
  return { body, html: sanitize(marked.parse(body, { async: false })) };
}
