import { documentPathOf, type Route, requestBodyOf, resolveSchema } from './route-table';

// Values for the fields of a documented request body that have each field's TYPE but break a RULE its schema
// states (enum, pattern, format, length, range, item count, and the few `x-rule`s the request alone decides), so that a suite can ask whether the gateway lists
// such a field at once, beside every other failing one (docs/decisions/http-api.md "Errors and HTTP conventions").

type Json = Record<string, unknown>;
type Resolve = (schema: Json) => Json;

/** A value no field of any body accepts: not a string, number, boolean, object, nor an array of any of them. */
export const MALFORMED = [[]];

/** One value of a field and the rule of its schema it breaks (`type` when the schema states no other). */
export interface Broken {
  value: unknown;
  rule: string;
}

/** Strings of each documented format that look like one at a glance but are not. */
const WRONG_FORMAT: Record<string, string> = {
  date: '2026-13-45',
  'date-time': '2026-13-45T25:61:00Z',
  email: 'no-at-sign.example.com',
  uri: 'no scheme at all',
  uuid: 'not-a-uuid',
};

/**
 * Rules a schema says only in words (`x-rule`) that the request alone decides, with a value of the right form
 * that breaks each. Rules that need a record, another field, DNS or the server's own state are not here.
 */
const X_RULE_BREAKERS: Record<string, unknown> = {
  'today or later': '2001-01-01',
  // Before 2001-01-01, which the field this one is ordered after gets in the same round (both have a pattern
  // and a format first, so their x-rules fall in the same round).
  'not before departDate': '2000-01-01',
  'after checkIn': '2000-01-01',
  'not before from': '2000-01-01',
  'a past date after 1900': '1899-12-31',
  'at least one letter and one digit': 'abcdefghij',
  'in the future': '2001-01-01T00:00:00Z',
  'an IPv4 or IPv6 address or CIDR': '300.1.2.3/40',
  'at least 6 digits': '(012) 34',
  'an absolute http(s) URL without credentials, to a host we may deliver to': 'ftp://hooks.example.com/in',
};

/** Strings tried, in order, against a pattern until one does not match it. */
const NON_MATCHING = ['!', ' ', '~~ not this ~~', '', '\u0000', 'a'];

/**
 * One value per rule the schema states (references followed by `resolve`), each breaking that rule alone where
 * it can; empty when the schema states no rule beyond its type. `example` is a valid value of the field when
 * the document gives one (an array's items are taken from it to exceed `maxItems`).
 */
export function ruleBreakings(schema: Json, resolve: Resolve, example?: unknown): Broken[] {
  const xRule = schema['x-rule'] as string | undefined;
  const worded: Broken[] =
    xRule && xRule in X_RULE_BREAKERS ? [{ value: X_RULE_BREAKERS[xRule], rule: `x-rule ${xRule}` }] : [];
  return [...ruleBreakingsOfSchema(schema, resolve, example), ...worded];
}

function ruleBreakingsOfSchema(schema: Json, resolve: Resolve, example: unknown): Broken[] {
  const nullable = nonNullBranch(schema, resolve);
  if (nullable) return ruleBreakings(nullable, resolve, example);
  const enumValues = schema.enum as unknown[] | undefined;
  if (enumValues && enumValues.length > 0) return [brokenEnum(enumValues)];
  switch (schema.type) {
    case 'string':
      return brokenStrings(schema);
    case 'integer':
    case 'number':
      return brokenNumbers(schema);
    case 'array':
      return brokenArrays(schema, resolve, example);
    default:
      return [];
  }
}

/** `anyOf: [X, {type: null}]` (a nullable field) reads as X; any other union has no single rule to break. */
function nonNullBranch(schema: Json, resolve: Resolve): Json | undefined {
  const anyOf = schema.anyOf as Json[] | undefined;
  if (!anyOf) return undefined;
  const branches = anyOf.map(resolve).filter((branch) => branch.type !== 'null');
  return branches.length === 1 ? (branches[0] as Json) : undefined;
}

function brokenEnum(values: unknown[]): Broken {
  if (typeof values[0] === 'number') return { value: Math.max(...(values as number[])) + 1, rule: 'enum' };
  return { value: 'not_a_listed_value', rule: 'enum' };
}

function brokenStrings(schema: Json): Broken[] {
  const broken: Broken[] = [];
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = schema.maxLength as number | undefined;
  const pattern = schema.pattern as string | undefined;
  if (pattern) {
    const regex = new RegExp(pattern, 'u');
    const value = NON_MATCHING.find((candidate) => !regex.test(candidate) && candidate.length >= minLength);
    if (value !== undefined) broken.push({ value, rule: 'pattern' });
  }
  const format = schema.format as string | undefined;
  if (format && WRONG_FORMAT[format]) broken.push({ value: WRONG_FORMAT[format], rule: `format ${format}` });
  if (maxLength !== undefined) broken.push({ value: 'a'.repeat(maxLength + 1), rule: 'maxLength' });
  if (minLength > 0) broken.push({ value: 'a'.repeat(minLength - 1), rule: 'minLength' });
  return broken;
}

function brokenNumbers(schema: Json): Broken[] {
  const broken: Broken[] = [];
  const integer = schema.type === 'integer';
  const step = integer ? 1 : 0.5;
  const { maximum, exclusiveMaximum, minimum, exclusiveMinimum } = schema;
  if (typeof maximum === 'number') broken.push({ value: maximum + step, rule: 'maximum' });
  else if (typeof exclusiveMaximum === 'number') broken.push({ value: exclusiveMaximum, rule: 'maximum' });
  if (typeof minimum === 'number') broken.push({ value: minimum - step, rule: 'minimum' });
  else if (typeof exclusiveMinimum === 'number') broken.push({ value: exclusiveMinimum, rule: 'minimum' });
  if (integer) {
    const low = typeof minimum === 'number' ? minimum : 0;
    broken.push({ value: low + 0.5, rule: 'integer' });
  }
  return broken;
}

function brokenArrays(schema: Json, resolve: Resolve, example: unknown): Broken[] {
  const broken: Broken[] = [];
  const minItems = schema.minItems as number | undefined;
  if (minItems !== undefined && minItems > 0) broken.push({ value: [], rule: 'minItems' });
  const items = schema.items ? resolve(schema.items as Json) : undefined;
  for (const item of items ? ruleBreakings(items, resolve) : [])
    broken.push({ value: [item.value], rule: `items ${item.rule}` });
  const maxItems = schema.maxItems as number | undefined;
  const valid = Array.isArray(example) ? example[0] : undefined;
  if (maxItems !== undefined && valid !== undefined)
    broken.push({ value: Array.from({ length: maxItems + 1 }, () => valid), rule: 'maxItems' });
  return broken;
}

/** The fields of a route's body, each path (`contact.email` one level down) with every value that breaks it. */
export function brokenFieldsOf(route: Route): Map<string, Broken[]> | undefined {
  const documented = requestBodyOf(route);
  if (!documented?.schema) return undefined;
  const { api } = documentPathOf(route);
  const schema = resolveSchema(documented.schema, api);
  const properties = schema.properties as Json | undefined;
  if (schema.type !== 'object' || !properties || Object.keys(properties).length === 0) return undefined;
  const fields = new Map<string, Broken[]>();
  breakFields(schema, (part) => resolveSchema(part, api), documented.example, [], fields);
  return fields;
}

/** Every field of an object schema; an object field with named fields is descended into once. */
function breakFields(
  schema: Json,
  resolve: Resolve,
  example: unknown,
  prefix: string[],
  fields: Map<string, Broken[]>,
): void {
  const examples = (example && typeof example === 'object' ? example : {}) as Json;
  for (const [field, part] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    const fieldSchema = resolve(part);
    const nested = fieldSchema.properties as Json | undefined;
    if (prefix.length === 0 && fieldSchema.type === 'object' && nested && Object.keys(nested).length > 0) {
      breakFields(fieldSchema, resolve, examples[field], [field], fields);
      continue;
    }
    const broken = ruleBreakings(fieldSchema, resolve, examples[field]);
    fields.set(
      [...prefix, field].join('.'),
      broken.length > 0 ? broken : [{ value: MALFORMED, rule: 'type' }],
    );
  }
}

/** The body of round `round`: each field breaks its rule of that number (its first, once it has no more). */
export function brokenBody(fields: Map<string, Broken[]>, round: number): { body: Json; rules: Json } {
  const body: Json = {};
  const rules: Json = {};
  for (const [path, broken] of fields) {
    const chosen = (broken[round] ?? broken[0]) as Broken;
    const [head, leaf] = path.split('.') as [string, string | undefined];
    if (leaf === undefined) body[head] = chosen.value;
    else body[head] = { ...((body[head] as Json | undefined) ?? {}), [leaf]: chosen.value };
    rules[path] = chosen.rule;
  }
  return { body, rules };
}

/** How many bodies break every rule of every field once: the most rules any one field has. */
export const roundsOf = (fields: Map<string, Broken[]>) =>
  Math.max(...[...fields.values()].map((broken) => broken.length));
