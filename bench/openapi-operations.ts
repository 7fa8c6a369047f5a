/** Every operation of the platform's two OpenAPI documents, as the gateway serves them. */

/** Who a route needs: a partner key, a platform or tenant staff member's token, a customer's, or no one. */
export type Credential = 'none' | 'partner key' | 'staff' | 'tenant staff' | 'customer';

export interface Operation {
  method: string;
  /** The template under the document's server URL: `/api/v1/bookings/{id}`. */
  path: string;
  /** `GET /api/v1/bookings/{id}`: how the sweep's tables name it. */
  name: string;
  credential: Credential;
  /** The documented 2xx statuses: the good answers. */
  good: number[];
  requiredQuery: string[];
  description: string;
}

interface Document {
  servers?: { url: string }[];
  security?: Record<string, unknown>[];
  paths: Record<string, Record<string, RawOperation>>;
}

interface RawOperation {
  security?: Record<string, unknown>[];
  parameters?: { in?: string; name?: string; required?: boolean }[];
  responses?: Record<string, unknown>;
  description?: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The partner document, then the internal one, each in its own order. */
export async function readOperations(gateway: string): Promise<Operation[]> {
  const documents = ['/api/v1/openapi.json', '/api/openapi.json'];
  const operations: Operation[] = [];
  for (const path of documents) operations.push(...operationsOf(await readDocument(gateway, path)));
  return operations;
}

async function readDocument(gateway: string, path: string): Promise<Document> {
  const res = await fetch(`${gateway}${path}`, { signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as Document;
}

function operationsOf(document: Document): Operation[] {
  const base = document.servers?.[0]?.url ?? '';
  return Object.entries(document.paths).flatMap(([template, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const raw = item[method] as RawOperation;
      const path = `${base}${template}`;
      return {
        method: method.toUpperCase(),
        path,
        name: `${method.toUpperCase()} ${path}`,
        credential: credentialOf(raw, document.security),
        good: Object.keys(raw.responses ?? {})
          .map(Number)
          .filter((status) => status >= 200 && status < 300),
        requiredQuery: (raw.parameters ?? []).flatMap((p) =>
          p.in === 'query' && p.required ? [p.name ?? ''] : [],
        ),
        description: raw.description ?? '',
      };
    }),
  );
}

/**
 * The operation's security scheme (its own, else the document's): `apiKey` is the partner key, `staffToken`
 * a staff member's (tenant staff where the description says the route is theirs alone), `customerToken` a
 * customer's; none is a public route.
 */
function credentialOf(raw: RawOperation, fallback: Record<string, unknown>[] = []): Credential {
  const schemes = (raw.security ?? fallback).flatMap((requirement) => Object.keys(requirement));
  if (schemes.includes('apiKey')) return 'partner key';
  if (schemes.includes('customerToken')) return 'customer';
  if (!schemes.includes('staffToken')) return 'none';
  return /^\*\*Tenant staff only/.test(raw.description ?? '') ? 'tenant staff' : 'staff';
}
