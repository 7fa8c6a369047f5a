import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components?: Record<string, unknown>;
}
interface ResponseObject {
  content?: Record<string, { schema?: unknown }>;
}

export interface ResponseCheck {
  method: string;
  /** The concrete path requested, e.g. `/api/v1/bookings/bkg_12`. */
  path: string;
  status: number;
  body: unknown;
}

/**
 * Checks responses against an OpenAPI 3.1 document: the route and status must be documented and the
 * body must match the documented JSON schema. Throws with every mismatch, so a test fails readably.
 */
export function createOpenApiValidator(document: OpenApiDocument, serverPrefix = '') {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: document.components ?? {} });
  // A concrete path is matched before a templated one (OpenAPI 3.1, "Path Templating Matching"):
  // `/bookings/assign-supplier` is not `/bookings/{id}`. Fewer parameters first.
  const routes = Object.entries(document.paths)
    .map(([template, operations]) => ({
      template,
      pattern: new RegExp(`^${serverPrefix}${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      operations,
      parameters: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.parameters - b.parameters);

  return function assertMatches(check: ResponseCheck): void {
    const path = check.path.split('?')[0] ?? check.path;
    const route = routes.find((candidate) => candidate.pattern.test(path));
    if (!route) throw new Error(`${check.method} ${path}: no such path in the OpenAPI document`);
    const operation = route.operations[check.method.toLowerCase()];
    if (!operation) throw new Error(`${check.method} ${route.template}: method not documented`);
    const response = resolveResponse(
      document,
      operation.responses?.[String(check.status)] ?? operation.responses?.default,
    );
    if (!response)
      throw new Error(`${check.method} ${route.template}: status ${check.status} not documented`);
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return;
    const validate = ajv.compile({ $ref: '#/$defs/s', $defs: { s: rewriteRefs(schema) } });
    if (!validate(check.body)) {
      const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
      throw new Error(
        `${check.method} ${route.template} ${check.status} does not match the document:\n${problems.join('\n')}`,
      );
    }
  };
}

/** A shared response (`$ref: '#/components/responses/X'`) is looked up in the document. */
function resolveResponse(
  document: OpenApiDocument,
  response: ResponseObject | undefined,
): ResponseObject | undefined {
  const ref = (response as { $ref?: string } | undefined)?.$ref;
  if (!ref) return response;
  const name = ref.replace('#/components/responses/', '');
  const shared = (document.components?.responses as Record<string, ResponseObject> | undefined)?.[name];
  if (!shared) throw new Error(`${ref} is not in the document`);
  return shared;
}

/** `#/components/...` refs point into the document; inside the compiled schema they must name it. */
function rewriteRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
}
