import { isDeepStrictEqual } from 'node:util';
import type { Connection, Schema } from 'mongoose';

/** An index as the store lists it (`listIndexes`), or as a schema declares it. */
export interface IndexSpec {
  name: string;
  key: Record<string, unknown>;
  unique?: boolean;
  sparse?: boolean;
  expireAfterSeconds?: number;
  partialFilterExpression?: Record<string, unknown>;
  collation?: Record<string, unknown>;
  hidden?: boolean;
}

/** One collection a service declares: its name and the indexes its schema declares. */
export interface DeclaredCollection {
  name: string;
  indexes: IndexSpec[];
}

/**
 * The options that make two indexes on one key different indexes to MongoDB (what a query, a unique check or a
 * TTL sweep sees). `background`, `v` and `ns` change nothing and are left out; the name is compared on its own.
 */
const MEANINGFUL = [
  'unique',
  'sparse',
  'expireAfterSeconds',
  'partialFilterExpression',
  'collation',
  'hidden',
] as const;

/** MongoDB's own default name of an index: `field_1_other_-1`, the name mongoose and the shell give too. */
export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_');
}

/**
 * What a schema (with its `collection` option) declares, as the store would list it. A schema without a
 * collection name is refused: the name is what the migration and the start-up check agree on.
 */
export function declaredCollectionOf(schema: Schema, name = schema.get('collection')): DeclaredCollection {
  if (typeof name !== 'string' || name === '')
    throw new Error('a declared schema needs its `collection` option (the collection it is stored in)');
  const indexes = schema.indexes().map(([key, options]) => {
    const { name: given, background: _background, ...rest } = options as Record<string, unknown>;
    const spec: IndexSpec = { name: typeof given === 'string' ? given : defaultIndexName(key), key };
    for (const option of MEANINGFUL)
      if (rest[option] !== undefined) Object.assign(spec, { [option]: rest[option] });
    return spec;
  });
  return { name, indexes };
}

/** Every collection whose model is registered on the connection (what this process's wiring reads and writes). */
export function registeredCollectionsOf(connection: Connection): DeclaredCollection[] {
  const byName = new Map<string, DeclaredCollection>();
  for (const model of Object.values(connection.models)) {
    const declared = declaredCollectionOf(model.schema, model.collection.collectionName);
    const known = byName.get(declared.name);
    // Two models may share a collection (one schema, several repositories): their indexes are one set.
    byName.set(declared.name, known ? mergedCollection(known, declared) : declared);
  }
  return [...byName.values()];
}

/** The collections of several lists as one, indexes of one collection merged by name. */
export function mergedCollections(lists: readonly DeclaredCollection[][]): DeclaredCollection[] {
  const byName = new Map<string, DeclaredCollection>();
  for (const collection of lists.flat()) {
    const known = byName.get(collection.name);
    byName.set(collection.name, known ? mergedCollection(known, collection) : collection);
  }
  return [...byName.values()];
}

function mergedCollection(a: DeclaredCollection, b: DeclaredCollection): DeclaredCollection {
  const names = new Set(a.indexes.map((index) => index.name));
  return { name: a.name, indexes: [...a.indexes, ...b.indexes.filter((index) => !names.has(index.name))] };
}

/** The parts of an index that matter, in a fixed order: equal texts are the same index whatever its name. */
export function shapeOf(index: IndexSpec | Record<string, unknown>): string {
  const source = index as Record<string, unknown>;
  const shape: Record<string, unknown> = { key: Object.entries(source.key as Record<string, unknown>) };
  for (const option of MEANINGFUL) {
    const value = source[option];
    // `unique: false` and `sparse: false` are the defaults the store may or may not list.
    if (value === undefined || value === false) continue;
    shape[option] = option === 'expireAfterSeconds' ? Number(value) : value;
  }
  return JSON.stringify(shape, sortedKeys);
}

/** JSON.stringify's replacer: object keys sorted (a filter's fields may come back in another order), arrays kept. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** True when the two differ only in their TTL: MongoDB changes that in place (`collMod`), with no rebuild. */
export function differsOnlyInTtl(a: IndexSpec, b: IndexSpec): boolean {
  if (a.expireAfterSeconds === undefined || b.expireAfterSeconds === undefined) return false;
  return shapeOf({ ...a, expireAfterSeconds: 0 }) === shapeOf({ ...b, expireAfterSeconds: 0 });
}

/** The listed index as an `IndexSpec` (the store's answer carries more fields). */
export function specOfListed(listed: Record<string, unknown>): IndexSpec {
  const spec: IndexSpec = { name: String(listed.name), key: listed.key as Record<string, unknown> };
  for (const option of MEANINGFUL)
    if (listed[option] !== undefined) Object.assign(spec, { [option]: listed[option] });
  return spec;
}

export const sameShape = (a: IndexSpec, b: IndexSpec): boolean => shapeOf(a) === shapeOf(b);
export const sameKey = (a: IndexSpec, b: IndexSpec): boolean =>
  isDeepStrictEqual(Object.entries(a.key), Object.entries(b.key));
