import type { HttpMethod } from '../http/route-table';

// Every operation of a document carries one tag, its route family, so the docs page groups the operations
// and a generated client can follow (docs/decisions/openapi-tags.md). The tags' names, order and one-line
// descriptions are words, in the texts' top-level `tags`; which family an operation is in is code, decided
// once per family (`TagOf`), never written into each operation's texts.

type Json = Record<string, unknown>;

/** An operation as a family rule sees it: its `operationId` and where it is served (the document's path). */
export interface TaggedOperation {
  id: string;
  method: HttpMethod;
  /** The OpenAPI path under the document's server, e.g. `/bookings/{id}`. */
  path: string;
}

/** The tag of an operation's route family; `undefined` when no family claims it (the build then fails). */
export type TagOf = (operation: TaggedOperation) => string | undefined;

const METHODS: HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Tags every operation of a built document with its family, checked against the texts' top-level `tags`:
 * an operation without a family, a tag the texts do not declare (with a one-line description), or a
 * declared tag no operation uses is an error.
 */
export function tagOperations(document: Json, tagOf: TagOf): void {
  const declared = declaredTags(document.tags);
  const used = new Set<string>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, item] of Object.entries(paths))
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const id = String(operation.operationId);
      if (operation.tags !== undefined)
        throw new Error(`${id}: tags in the texts; an operation's tag is its route family's (TagOf)`);
      const tag = tagOf({ id, method, path });
      if (!tag) throw new Error(`${method.toUpperCase()} ${path} (${id}) is in no tagged route family`);
      if (!declared.has(tag)) throw new Error(`${id}: tag ${tag} is not declared in the texts' tags`);
      used.add(tag);
      // Beside the operationId, where a reader of the YAML looks first.
      const { operationId, ...rest } = operation;
      item[method] = { operationId, tags: [tag], ...rest };
    }
  const unused = [...declared].filter((tag) => !used.has(tag));
  if (unused.length > 0) throw new Error(`Tags no operation uses: ${unused.join(', ')}`);
}

function declaredTags(tags: unknown): Set<string> {
  if (!Array.isArray(tags)) throw new Error('The texts declare no top-level tags');
  const names = new Set<string>();
  for (const tag of tags as Json[]) {
    const { name, description } = tag;
    if (typeof name !== 'string' || names.has(name))
      throw new Error(`Tag ${String(name)}: no name, or twice`);
    if (typeof description !== 'string' || description.trim() === '' || description.trim().includes('\n'))
      throw new Error(`Tag ${name}: needs a one-line description`);
    names.add(name);
  }
  return names;
}

/**
 * A `TagOf` from each family's operations, listed once per family (the partner document: its operations
 * are declared in one place, so their families are too). An operation listed in two families is an error.
 */
export function tagOfFamilies<Id extends string>(families: Record<string, readonly Id[]>): TagOf {
  const tagById = new Map<string, string>();
  for (const [tag, ids] of Object.entries(families))
    for (const id of ids) {
      const other = tagById.get(id);
      if (other) throw new Error(`${id} is in two families: ${other} and ${tag}`);
      tagById.set(id, tag);
    }
  return ({ id }) => tagById.get(id);
}
