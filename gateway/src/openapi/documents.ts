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
