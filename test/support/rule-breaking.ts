// A value for one field of a documented request body that has the field's TYPE but breaks a RULE its schema
// states (enum, pattern, format, length, range, item count), so that a suite can ask whether the gateway lists
// such a field at once, beside every other failing one (docs/decisions/http-api.md "Errors and HTTP conventions").

import { documentPathOf, type Route, requestBodyOf, resolveSchema } from './route-table';

type Json = Record<string, unknown>;

/** A value no field of any body accepts: not a string, number, boolean, object, nor an array of any of them. */
export const MALFORMED = [[]];

/** How a field's value was chosen: the rule it breaks (`type` when its schema states none beyond its type). */
export interface Broken {
  value: unknown;
  rule: string;
}

/** Strings of each documented format that are of the format's shape at a glance but are not one. */
const WRONG_FORMAT: Record<string, string> = {
  date: '2026-13-45',
  'date-time': '2026-13-45T25:61:00Z',
  email: 'no-at-sign.example.com',
  uri: 'no scheme at all',
  uuid: 'not-a-uuid',
};

/** Strings tried, in order, against a pattern until one does not match it. */
const NON_MATCHING = ['!', ' ', '~~ not this ~~', '', '\u0000', 'a'];

/**
 * The rule-breaking value of a schema (references already followed by `resolve`), or undefined when its schema
 * states no rule beyond its type. `example` is a valid value of the field when the document gives one (an
 * array's items are taken from it to exceed `maxItems`).
 */
export function ruleBreaking(
  schema: Json,
  resolve: (schema: Json) => Json,
  example?: unknown,
): Broken | undefined {
  const nullable = nonNullBranch(schema, resolve);
  if (nullable) return ruleBreaking(nullable, resolve, example);
  const enumValues = schema.enum as unknown[] | undefined;
  if (enumValues && enumValues.length > 0) return brokenEnum(enumValues);
  switch (schema.type) {
    case 'string':
      return brokenString(schema);
    case 'integer':
    case 'number':
      return brokenNumber(schema);
    case 'array':
      return brokenArray(schema, resolve, example);
    default:
      return undefined;
  }
}

/** `anyOf: [X, {type: null}]` (a nullable field) reads as X; any other union has no single rule to break. */
function nonNullBranch(schema: Json, resolve: (schema: Json) => Json): Json | undefined {
  const anyOf = schema.anyOf as Json[] | undefined;
  if (!anyOf) return undefined;
  const branches = anyOf.map(resolve).filter((branch) => branch.type !== 'null');
  return branches.length === 1 ? { ...(branches[0] as Json), 'x-rule': schema['x-rule'] } : undefined;
}

function brokenEnum(values: unknown[]): Broken {
  if (typeof values[0] === 'number') return { value: Math.max(...(values as number[])) + 1, rule: 'enum' };
  return { value: 'not_a_listed_value', rule: 'enum' };
}

function brokenString(schema: Json): Broken | undefined {
  const pattern = schema.pattern as string | undefined;
  if (pattern) {
    const regex = new RegExp(pattern, 'u');
    const minLength = (schema.minLength as number | undefined) ?? 0;
    const value = NON_MATCHING.find((candidate) => !regex.test(candidate) && candidate.length >= minLength);
    if (value !== undefined) return { value, rule: 'pattern' };
  }
  const format = schema.format as string | undefined;
  if (format && WRONG_FORMAT[format]) return { value: WRONG_FORMAT[format], rule: `format ${format}` };
  const maxLength = schema.maxLength as number | undefined;
  if (maxLength !== undefined) return { value: 'a'.repeat(maxLength + 1), rule: 'maxLength' };
  const minLength = schema.minLength as number | undefined;
  if (minLength !== undefined && minLength > 0) return { value: 'a'.repeat(minLength - 1), rule: 'minLength' };
  return undefined;
}

function brokenNumber(schema: Json): Broken | undefined {
  const step = schema.type === 'integer' ? 1 : 0.5;
  if (typeof schema.maximum === 'number') return { value: schema.maximum + step, rule: 'maximum' };
  if (typeof schema.exclusiveMaximum === 'number') return { value: schema.exclusiveMaximum, rule: 'maximum' };
  if (typeof schema.minimum === 'number') return { value: schema.minimum - step, rule: 'minimum' };
  if (typeof schema.exclusiveMinimum === 'number') return { value: schema.exclusiveMinimum, rule: 'minimum' };
  if (schema.type === 'integer') return { value: 1.5, rule: 'integer' };
  return undefined;
}

function brokenArray(schema: Json, resolve: (schema: Json) => Json, example: unknown): Broken | undefined {
  const minItems = schema.minItems as number | undefined;
  if (minItems !== undefined && minItems > 0) return { value: [], rule: 'minItems' };
  const items = schema.items ? resolve(schema.items as Json) : undefined;
  const item = items && ruleBreaking(items, resolve);
  if (item) return { value: [item.value], rule: `items ${item.rule}` };
  const maxItems = schema.maxItems as number | undefined;
  const valid = Array.isArray(example) ? example[0] : undefined;
  if (maxItems !== undefined && valid !== undefined)
    return { value: Array.from({ length: maxItems + 1 }, () => valid), rule: 'maxItems' };
  return undefined;
}

/** The body that breaks every field's rule, the paths the answer must name, and what each field breaks. */
export interface BrokenBody {
  body: Json;
  paths: string[];
  rules: Record<string, string>;
}

/** Breaks every field of an object schema; an object field with named fields is descended into once. */
function breakFields(schema: Json, api: 'partner' | 'internal', example: unknown, depth = 0): BrokenBody {
  const resolve = (part: Json) => resolveSchema(part, api);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const examples = (example && typeof example === 'object' ? example : {}) as Json;
  const result: BrokenBody = { body: {}, paths: [], rules: {} };
  for (const [field, part] of Object.entries(properties)) {
    const fieldSchema = resolve(part);
    const nested = fieldSchema.properties as Json | undefined;
    if (depth === 0 && fieldSchema.type === 'object' && nested && Object.keys(nested).length > 0) {
      const inner = breakFields(fieldSchema, api, examples[field], depth + 1);
      result.body[field] = inner.body;
      result.paths.push(...inner.paths.map((path) => `${field}.${path}`));
      for (const [path, rule] of Object.entries(inner.rules)) result.rules[`${field}.${path}`] = rule;
      continue;
    }
    const broken = ruleBreaking(fieldSchema, resolve, examples[field]);
    result.body[field] = broken ? broken.value : MALFORMED;
    result.paths.push(field);
    result.rules[field] = broken ? broken.rule : 'type';
  }
  return result;
}

export function brokenBodyOf(route: Route): BrokenBody | undefined {
  const documented = requestBodyOf(route);
  if (!documented?.schema) return undefined;
  const { api } = documentPathOf(route);
  const schema = resolveSchema(documented.schema, api);
  const properties = schema.properties as Json | undefined;
  if (schema.type !== 'object' || !properties || Object.keys(properties).length === 0) return undefined;
  return breakFields(schema, api, documented.example);
}
