import { createHash } from 'node:crypto';
import type { RouteDefinition } from '../http/route-table';
import type { OpenApiDocuments } from '../openapi/documents';

/** Mount point of swagger-ui-dist's static files (served by the app, not an API route). */
export const DOCS_ASSETS_PATH = '/api/docs/assets';

/**
 * The page and its own Content-Security-Policy: the API's (`default-src 'none'`) would stop swagger-ui, so
 * the page may load our own scripts, styles and the document, and run its one inline script by its hash.
 */
function docsPage(title: string, specUrl: string): { html: string; policy: string } {
  const start = `SwaggerUIBundle({ url: ${JSON.stringify(specUrl)}, dom_id: '#docs', deepLinking: true });`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script>${start}</script>
</body></html>`;
  const startHash = createHash('sha256').update(start).digest('base64');
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'sha256-${startHash}'`,
    // swagger-ui styles some elements inline; its icons are data: images.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, policy };
}

/** The two OpenAPI documents as JSON, and a readable page for each. */
export function docsRoutes(documents: OpenApiDocuments): RouteDefinition[] {
  const pages = [
    { base: '/api/v1', title: 'Partner Travel API v1', document: documents.partner },
    { base: '/api', title: 'Partner Travel internal API', document: documents.internal },
  ];
  return pages.flatMap(({ base, title, document }): RouteDefinition[] => {
    const page = docsPage(title, `${base}/openapi.json`);
    return [
      {
        method: 'get',
        path: `${base}/openapi.json`,
        access: { kind: 'public' },
        handlers: [(_req, res) => void res.json(document)],
      },
      {
        method: 'get',
        path: `${base}/docs`,
        access: { kind: 'public' },
        handlers: [
          (_req, res) => void res.set('Content-Security-Policy', page.policy).type('html').send(page.html),
        ],
      },
    ];
  });
}
