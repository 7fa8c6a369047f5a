import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The source of truth lives in gateway/openapi/*.yaml, next to the code that serves it. */
const OPENAPI_DIR = join(__dirname, '..', '..', 'openapi');

export interface OpenApiDocuments {
  partner: Record<string, unknown>;
  internal: Record<string, unknown>;
}

export function loadOpenApiDocuments(dir = OPENAPI_DIR): OpenApiDocuments {
  const read = (file: string) => parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
  return { partner: read('partner.yaml'), internal: read('internal.yaml') };
}

/**
 * Whether the document of this route says its request body is required (`requestBody.required: true`):
 * the gateway then refuses a request without one, as the document says, instead of reading it as `{}`.
 */
export function bodyRequired(documents: OpenApiDocuments, method: string, expressPath: string): boolean {
  const openApiPath = expressPath.replace(/:(\w+)/g, '{$1}');
  const [document, relative] = openApiPath.startsWith('/api/v1/')
    ? [documents.partner, openApiPath.slice('/api/v1'.length)]
    : [documents.internal, openApiPath.slice('/api'.length)];
  const paths = document.paths as Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
  return paths[relative]?.[method]?.requestBody?.required === true;
}
