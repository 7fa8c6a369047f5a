import type { RouteDefinition } from '../http/route-table';
import type { OpenApiDocuments } from '../openapi/documents';

/** Mount point of swagger-ui-dist's static files (served by the app, not an API route). */
export const DOCS_ASSETS_PATH = '/api/docs/assets';

function docsPage(title: string, specUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({ url: ${JSON.stringify(specUrl)}, dom_id: '#docs', deepLinking: true });</script>
</body></html>`;
}

/** The two OpenAPI documents as JSON, and a readable page for each. */
export function docsRoutes(documents: OpenApiDocuments): RouteDefinition[] {
  const pages = [
    { base: '/api/v1', title: 'Partner Travel API v1', document: documents.partner },
    { base: '/api', title: 'Partner Travel internal API', document: documents.internal },
  ];
  return pages.flatMap(({ base, title, document }): RouteDefinition[] => [
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
      handlers: [(_req, res) => void res.type('html').send(docsPage(title, `${base}/openapi.json`))],
    },
  ]);
}
