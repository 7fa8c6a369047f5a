import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { DocumentContract, OperationSchemas } from './contract';
import { documentedJsonOf, type JsonSchema } from './documented-as';

// Builds an OpenAPI 3.1 document from its texts (info, operations' summaries and descriptions, examples,
// headers, links, error responses: no request or response schema) and its contract (the zod schemas). See
// docs/architecture.md "One source for each contract".

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; responses?: Record<string, Json> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const componentRef = (id: string) => `#/components/schemas/${id}`;

export function buildOpenApiDocument(texts: Json, contract: DocumentContract): Json {
  const document = structuredClone(texts) as Json & { paths?: Record<string, Record<string, Operation>> };
  const schemas = convert(contract);
  const paths = document.paths ?? {};
  const described = new Set<string>();
  for (const [path, item] of Object.entries(paths))
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const id = operation.operationId;
      const schemasOf = id ? contract.operations[id] : undefined;
      if (!id || !schemasOf || schemasOf.path !== path || schemasOf.method !== method)
        throw new Error(`${method.toUpperCase()} ${path} (${id}) has no schemas of that method and path`);
      if (item.parameters !== undefined)
        throw new Error(`${path}: parameters come from its operations' schemas, not the texts`);
      described.add(id);
      fillOperation(operation, id, schemasOf, schemas, contract);
    }
  const undescribed = Object.keys(contract.operations).filter((id) => !described.has(id));
  if (undescribed.length > 0) throw new Error(`Operations without texts: ${undescribed.join(', ')}`);

  const components = (document.components ?? {}) as Json & {
    responses?: Record<string, Json>;
    parameters?: unknown;
  };
  if (components.parameters !== undefined)
    throw new Error('components.parameters in the texts: parameters come from the zod schemas');
  for (const name of Object.keys(contract.responses ?? {})) {
    const response = components.responses?.[name] as (Json & { content?: Record<string, Json> }) | undefined;
    if (!response) throw new Error(`Response ${name} has a schema but no texts in components.responses`);
    const media = response.content?.['application/json'] ?? {};
    response.content = {
      ...response.content,
      'application/json': withSchema(media, schemas.operations[namedResponseKey(name)], name),
    };
  }
  for (const response of Object.values(components.responses ?? {})) fillErrorResponse(response, contract);
  for (const operation of Object.values(paths).flatMap((item) => METHODS.map((m) => item[m])))
    for (const response of Object.values(operation?.responses ?? {})) fillErrorResponse(response, contract);
  document.components = {
    ...components,
    schemas: generatedSchemas(components.schemas, schemas.components),
  };
  if (JSON.stringify(document).includes(componentRef('~')))
    throw new Error('An operation schema is used inside another: name it in components');
  return document;
}

/** The generated schemas: the texts have none of their own. */
function generatedSchemas(
  written: unknown,
  generated: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  if (written !== undefined)
    throw new Error('components.schemas in the texts: they belong in the zod schemas');
  return generated;
}

interface Converted {
  components: Record<string, JsonSchema>;
  /** Each operation schema's JSON, by the key `convert` gave it. */
  operations: Record<string, JsonSchema>;
}

const operationKey = (id: string, part: string) => `~${id}~${part}`;
const namedResponseKey = (name: string) => `~~${name}`;
const RESPONSE_REF = '#/components/responses/';

/**
 * Every schema of the contract as JSON Schema, in one pass for the requests (their input: defaults make a
 * field optional) and one for the responses (their output). A named component is a `$ref` wherever used.
 */
function convert(contract: DocumentContract): Converted {
  const requests: Array<[string, z.ZodType]> = [];
  // The named responses first, so that their operations' bodies are converted under their names.
  const responses: Array<[string, z.ZodType]> = Object.entries(contract.responses ?? {}).map(
    ([name, schema]) => [namedResponseKey(name), schema],
  );
  for (const [id, operation] of Object.entries(contract.operations)) {
    for (const part of ['params', 'query', 'headers', 'body'] as const) {
      const schema = operation[part];
      if (schema) requests.push([operationKey(id, part), schema]);
    }
    for (const [status, response] of Object.entries(operation.responses))
      responses.push([operationKey(id, status), 'media' in response ? response.schema : response]);
  }
  const input = pass(contract.components, requests, 'input');
  const output = pass(contract.components, responses, 'output');
  const components: Record<string, JsonSchema> = {};
  const usedByRequests = referencedFrom(input, requests);
  const usedByResponses = referencedFrom(output, responses);
  for (const name of Object.keys(contract.components)) {
    const asInput = input[name] as JsonSchema;
    const asOutput = output[name] as JsonSchema;
    if (usedByRequests.has(name) && usedByResponses.has(name) && !isDeepStrictEqual(asInput, asOutput))
      throw new Error(`Component ${name} reads differently as a request and as a response: declare two`);
    components[name] = usedByRequests.has(name) ? asInput : asOutput;
  }
  const operations: Record<string, JsonSchema> = {};
  for (const [key] of [...requests, ...responses])
    operations[key] = (input[key] ?? output[key]) as JsonSchema;
  return { components, operations };
}

function pass(
  components: Record<string, z.ZodType>,
  operations: Array<[string, z.ZodType]>,
  io: 'input' | 'output',
): Record<string, JsonSchema> {
  // One name per schema object: a component's own, else the first operation key that uses it (a schema
  // shared by several operations, such as the page query, is converted once and copied).
  const names = new Map<z.ZodType, string>();
  for (const [name, schema] of Object.entries(components)) names.set(schema, name);
  for (const [key, schema] of operations) if (!names.has(schema)) names.set(schema, key);
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of names) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: componentRef,
    override: ({ zodSchema, jsonSchema }) => {
      const documented = documentedJsonOf(zodSchema);
      if (!documented) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Json)[key];
      Object.assign(jsonSchema, structuredClone(documented));
    },
  });
  if ('__shared' in schemas) throw new Error('A schema is shared without a name: give it one in components');
  const result: Record<string, JsonSchema> = {};
  for (const [key, json] of Object.entries(schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = json as Json;
    result[key] = rest;
  }
  for (const [key, schema] of operations) {
    const name = names.get(schema) as string;
    // An operation schema that is a component is referred to by name; a shared one is copied.
    result[key] =
      name in components ? { $ref: componentRef(name) } : structuredClone(result[name] as JsonSchema);
  }
  return result;
}

/** The components an operation's schemas refer to, directly or through other components. */
function referencedFrom(
  converted: Record<string, JsonSchema>,
  operations: Array<[string, z.ZodType]>,
): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const ref = (node as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith(componentRef(''))) {
      const name = ref.slice(componentRef('').length);
      if (!found.has(name)) {
        found.add(name);
        visit(converted[name]);
      }
    }
    for (const value of Object.values(node)) visit(value);
  };
  for (const [key] of operations) visit(converted[key]);
  return found;
}

function fillOperation(
  operation: Operation,
  id: string,
  schemas: OperationSchemas,
  converted: Converted,
  contract: DocumentContract,
): void {
  const parameters = [
    ...parametersOf(converted.operations[operationKey(id, 'params')], 'path'),
    ...parametersOf(converted.operations[operationKey(id, 'headers')], 'header'),
    ...parametersOf(converted.operations[operationKey(id, 'query')], 'query'),
  ];
  if (operation.parameters !== undefined)
    throw new Error(`${id}: parameters come from its schemas, not the texts`);
  if (parameters.length > 0) operation.parameters = parameters;
  if (schemas.body) {
    const body = (operation.requestBody ?? {}) as Json & { content?: Record<string, Json> };
    const media = body.content?.['application/json'] ?? {};
    operation.requestBody = {
      ...body,
      ...(schemas.bodyRequired ? { required: true } : {}),
      content: { 'application/json': withSchema(media, converted.operations[operationKey(id, 'body')], id) },
    };
  } else if (operation.requestBody)
    throw new Error(`${id}: a request body in the texts but none in the schemas`);
  for (const [status, response] of Object.entries(schemas.responses)) {
    const texts = operation.responses?.[status] as (Json & { content?: Record<string, Json> }) | undefined;
    if (!texts) throw new Error(`${id}: no texts for its ${status} response`);
    if (typeof texts.$ref === 'string') {
      // A named response: its body is filled once, in components.responses.
      const name = texts.$ref.slice(RESPONSE_REF.length);
      const body = 'media' in response ? response.schema : response;
      if (!texts.$ref.startsWith(RESPONSE_REF) || contract.responses?.[name] !== body)
        throw new Error(`${id}: its ${status} is ${texts.$ref}, whose body is not the schema it declares`);
      continue;
    }
    const media = 'media' in response ? response.media : 'application/json';
    texts.content = {
      ...texts.content,
      [media]: withSchema(texts.content?.[media] ?? {}, converted.operations[operationKey(id, status)], id),
    };
  }
}

function withSchema(media: Json, schema: JsonSchema | undefined, id: string): Json {
  if (media.schema !== undefined)
    throw new Error(`${id}: a schema in the texts; it belongs in the zod schemas`);
  if (!schema) throw new Error(`${id}: no schema converted`);
  const { example, examples, ...rest } = media;
  return {
    schema,
    ...rest,
    ...(example !== undefined ? { example } : {}),
    ...(examples ? { examples } : {}),
  };
}

/** One OpenAPI parameter per property of an object schema; its description and first example lifted out. */
function parametersOf(object: JsonSchema | undefined, where: 'path' | 'query' | 'header'): Json[] {
  if (!object) return [];
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, examples, ...schema } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description !== undefined ? { description } : {}),
      schema,
      ...(Array.isArray(examples) && examples.length > 0 ? { example: examples[0] } : {}),
    };
  });
}

/**
 * An error response names its codes (`x-error-codes`); its schema is the error envelope with `error.code`
 * narrowed to them, each code checked to be one the envelope knows.
 */
function fillErrorResponse(response: Json, contract: DocumentContract): void {
  const codes = response['x-error-codes'];
  if (codes === undefined) return;
  const known = contract.components[contract.errorEnvelope];
  const allowed = errorCodesOf(known);
  if (!Array.isArray(codes) || codes.some((code) => !allowed.includes(code)))
    throw new Error(`x-error-codes ${JSON.stringify(codes)}: not all are codes of ${contract.errorEnvelope}`);
  delete response['x-error-codes'];
  const content = (response.content ?? {}) as Record<string, Json>;
  const media = content['application/json'] ?? {};
  const narrowed = codes.length === 1 ? { const: codes[0] } : { enum: codes };
  response.content = {
    ...content,
    'application/json': withSchema(
      media,
      codes.length === allowed.length
        ? { $ref: componentRef(contract.errorEnvelope) }
        : {
            allOf: [
              { $ref: componentRef(contract.errorEnvelope) },
              { properties: { error: { properties: { code: narrowed } } } },
            ],
          },
      contract.errorEnvelope,
    ),
  };
}

function errorCodesOf(envelope: z.ZodType | undefined): string[] {
  const json = envelope ? (z.toJSONSchema(envelope, { unrepresentable: 'any' }) as Json) : {};
  const error = (json.properties as Record<string, Json> | undefined)?.error;
  const code = (error?.properties as Record<string, Json> | undefined)?.code;
  return Array.isArray(code?.enum) ? (code.enum as string[]) : [];
}
