import { createOpenApiValidator } from '@travel/testkit';
import { type AppDeps, allRoutes } from '../../gateway/src/app';
import type { RouteAccess, RouteDefinition } from '../../gateway/src/http/route-table';
import { loadOpenApiDocuments } from '../../gateway/src/openapi/documents';
import type { ApiResponse } from './gateway';

// The gateway's own route table and OpenAPI documents, read from its source: suites generated from them cover a
// route the day it is added (the partner security suite does the same in gateway/test).

export const documents = loadOpenApiDocuments();

export type Route = RouteDefinition;
export type StaffAccess = Extract<RouteAccess, { kind: 'staff' }>;

/** Every route of the gateway, as `createApp` registers them. */
export function gatewayRoutes(): Route[] {
  return allRoutes({ documents, clients: {} } as unknown as AppDeps);
}

export const routeKey = (route: Pick<Route, 'method' | 'path'>) =>
  `${route.method.toUpperCase()} ${route.path}`;

/** `/api/admin/vendors/:id` → `/admin/vendors/{id}` in the document of its API. */
export function documentPathOf(route: Route): { api: 'partner' | 'internal'; path: string } {
  const partner = route.path.startsWith('/api/v1/');
  const path = route.path.slice(partner ? '/api/v1'.length : '/api'.length).replace(/:(\w+)/g, '{$1}');
  return { api: partner ? 'partner' : 'internal', path };
}

type Json = Record<string, unknown>;

/** The documented operation of a route (every route has one: the gateway's coverage test holds it). */
export function operationOf(route: Route): Json {
  const { api, path } = documentPathOf(route);
  const paths = (documents[api] as unknown as { paths: Record<string, Record<string, Json>> }).paths;
  const operation = paths[path]?.[route.method];
  if (!operation) throw new Error(`${routeKey(route)} is not in the ${api} document`);
  return operation;
}

/** The request headers the document requires (`Idempotency-Key` of a redelivery), by name. */
export function requiredHeadersOf(route: Route): string[] {
  const parameters = (operationOf(route).parameters ?? []) as {
    in: string;
    name: string;
    required?: boolean;
  }[];
  return parameters.filter((p) => p.in === 'header' && p.required).map((p) => p.name);
}

/** The JSON request body the document declares: its schema and first example, if it has one. */
export function requestBodyOf(route: Route): { schema: Json; example: unknown } | undefined {
  const body = operationOf(route).requestBody as { content?: Record<string, Json> } | undefined;
  const json = body?.content?.['application/json'];
  if (!json) return undefined;
  const examples = json.examples as Record<string, { value: unknown }> | undefined;
  const example = json.example ?? Object.values(examples ?? {})[0]?.value;
  return { schema: json.schema as Json, example };
}

/** A named component's schema, `$ref`s followed (`allOf` of one part too). */
export function resolveSchema(schema: Json, api: 'partner' | 'internal'): Json {
  const components = (documents[api] as unknown as { components: { schemas: Record<string, Json> } })
    .components;
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const ref = current.$ref as string | undefined;
    if (ref) {
      const { $ref: _ref, ...siblings } = current;
      current = { ...(components.schemas[ref.split('/').pop() as string] as Json), ...siblings };
      continue;
    }
    const allOf = current.allOf as Json[] | undefined;
    if (allOf?.length === 1) {
      const { allOf: _allOf, ...siblings } = current;
      current = { ...(allOf[0] as Json), ...siblings };
      continue;
    }
    return current;
  }
  return current;
}

/** Validators of both documents, built once. */
const validators = {
  partner: createOpenApiValidator(
    documents.partner as unknown as Parameters<typeof createOpenApiValidator>[0],
    '/api/v1',
  ),
  internal: createOpenApiValidator(
    documents.internal as unknown as Parameters<typeof createOpenApiValidator>[0],
    '/api',
  ),
};

/** The response is one the document of its API declares (status and body). */
export function expectDocumentedAnswer(method: string, path: string, res: ApiResponse): void {
  const validate = path.startsWith('/api/v1/') ? validators.partner : validators.internal;
  validate({ method, path: path.split('?')[0] as string, status: res.status, body: res.body });
}
