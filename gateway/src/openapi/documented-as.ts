import type { z } from 'zod';

/** A JSON Schema object, as OpenAPI 3.1 takes it. */
export type JsonSchema = Record<string, unknown>;

const documented = new WeakMap<z.ZodType, JsonSchema>();

/**
 * The document shows this schema as `json` instead of what zod derives from it. Only for a value that
 * arrives in another form than it is checked in: a query parameter is a string on the wire that the
 * schema decodes (`limit=25` → 25), so the document says "integer 1 to 100" while the schema checks the
 * digits. The `json` must accept exactly what the schema accepts; a unit test beside each use says so.
 */
export function documentedAs<S extends z.ZodType>(schema: S, json: JsonSchema): S {
  documented.set(schema, json);
  return schema;
}

/** The JSON Schema `documentedAs` set for this schema, if any. */
export function documentedJsonOf(schema: unknown): JsonSchema | undefined {
  return typeof schema === 'object' && schema !== null ? documented.get(schema as z.ZodType) : undefined;
}
