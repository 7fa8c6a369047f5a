import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { idempotencyFields } from '../packages/config/src/idempotency-settings';
import { documented } from '../packages/testkit/src/documented';

// docs/idempotency.md, "The routes": each route of the table documents, in the OpenAPI document that serves it,
// the `Idempotency-Key` header (required or optional as the table says), `Idempotent-Replayed` on its answer,
// `409 idempotency_key_in_use` with `Retry-After` and `422 idempotency_key_reuse`; the lease and the replay
// window are the settings' defaults.
const root = join(__dirname, '..');
// The gateway's YAML reader (the root has no dependencies of its own).
const YAML = createRequire(join(root, 'gateway', 'package.json'))('yaml') as { parse(text: string): unknown };

type Node = Record<string, unknown>;
interface OpenApi {
  servers: { url: string }[];
  paths: Record<string, Record<string, Node>>;
}
const documents = ['partner.yaml', 'internal.yaml'].map(
  (name) => YAML.parse(readFileSync(join(root, 'gateway/openapi', name), 'utf8')) as OpenApi & Node,
);

/** A `$ref` of the document followed to what it names (once per level). */
function resolved(document: Node, node: unknown): Node {
  const ref = (node as Node | undefined)?.$ref;
  if (typeof ref !== 'string') return (node ?? {}) as Node;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((inner, key) => (inner as Node)[key], document) as Node;
}

/** The error codes an answer names: the `enum` (or `const`) of `error.code` in its schema's parts. */
function codesOf(response: Node): string[] {
  const schema = ((response.content as Node | undefined)?.['application/json'] as Node | undefined)?.schema as
    | Node
    | undefined;
  const parts = [schema, ...(((schema?.allOf ?? []) as Node[]) ?? [])];
  return parts.flatMap((part) => {
    const code = (
      ((part?.properties as Node | undefined)?.error as Node | undefined)?.properties as Node | undefined
    )?.code as Node | undefined;
    return (code?.enum ?? (code?.const === undefined ? [] : [code.const])) as string[];
  });
}

/** The operation of `POST <route>` and the document that serves it. */
function operationOf(route: string): { document: Node; operation: Node } {
  for (const document of documents) {
    const prefix = document.servers[0]?.url ?? '';
    if (!route.startsWith(`${prefix}/`)) continue;
    const operation = document.paths[route.slice(prefix.length)]?.post;
    if (operation) return { document, operation };
  }
  throw new Error(`no OpenAPI document serves POST ${route}`);
}

const page = readFileSync(join(root, 'docs/idempotency.md'), 'utf8');
const rows = [
  ...page.matchAll(/^\| `POST ([^`]+)`[^|]*\| (required|optional) \|[^|]*\|[^|]*\| ([^|]+) \| ([^|]+) \|$/gm),
].map((m) => ({
  route: m[1] ?? '',
  key: m[2] ?? '',
  lease: (m[3] ?? '').trim(),
  window: (m[4] ?? '').trim(),
}));

describe('docs/idempotency.md, "The routes"', () => {
  it('lists the routes that take a key (the reading still works)', () => {
    expect(rows.map((row) => row.route)).toContain('/api/v1/bookings');
    expect(rows.length).toBeGreaterThanOrEqual(8);
  });

  it('when a route of the table is looked up in its OpenAPI document, then it documents the key, the replay header, 409 with Retry-After and 422', () => {
    documented(
      'docs/idempotency.md',
      'One table, checked against the OpenAPI documents (generated from `gateway/src/routes`) by `scripts/idempotency-table.test.ts` (each route documents the header, `Idempotent-Replayed`, `409 idempotency_key_in_use` with `Retry-After` and `422 idempotency_key_reuse`).',
    );
    for (const { route, key } of rows) {
      const { document, operation } = operationOf(route);
      const header = ((operation.parameters ?? []) as Node[])
        .map((parameter) => resolved(document, parameter))
        .find((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
      const responses = operation.responses as Record<string, unknown>;
      const success = resolved(document, responses['201'] ?? responses['200']);
      const inUse = resolved(document, responses['409']);
      const reuse = resolved(document, responses['422']);
      expect({
        route,
        key: header === undefined ? 'none' : header.required === true ? 'required' : 'optional',
        replayHeader: Object.keys((success.headers ?? {}) as Node).includes('Idempotent-Replayed'),
        inUse: codesOf(inUse).includes('idempotency_key_in_use'),
        retryAfter: Object.keys((inUse.headers ?? {}) as Node).includes('Retry-After'),
        reuse: codesOf(reuse),
      }).toEqual({
        route,
        key,
        replayHeader: true,
        inUse: true,
        retryAfter: true,
        reuse: ['idempotency_key_reuse'],
      });
    }
  });

  it('when the settings are left to their defaults, then the lease is 3 s and the replay window 48 h, as every row says', () => {
    documented(
      'docs/idempotency.md',
      '"Lease" is how long a claim outlives the last sign of life of the request holding it (`IDEMPOTENCY_LEASE_MS`, 3 s, renewed every second while the work runs); "replay window" how long a key is remembered (`IDEMPOTENCY_RETENTION_HOURS`, 48 h).',
    );
    expect(idempotencyFields.IDEMPOTENCY_LEASE_MS.parse(undefined)).toBe(3000);
    expect(idempotencyFields.IDEMPOTENCY_RETENTION_HOURS.parse(undefined)).toBe(48);
    for (const row of rows)
      expect([row.route, row.lease, row.window]).toEqual([row.route, '3 s, renewed', '48 h']);
  });
});
