import { readFileSync } from 'node:fs';
import { request } from 'node:https';

/** Where the API server is and how to be trusted by it (the serving CA) and to trust it (the token). */
export interface KubeAccess {
  server: string;
  token: string;
  caFile: string;
}

/** A failed API call: the status and the server's own message (`Status.message`). */
export class KubeApiError extends Error {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    detail: string,
  ) {
    super(`${method} ${path}: ${status} ${detail}`);
    this.name = 'KubeApiError';
  }
}

/** A list answer of any kind. */
export interface KubeList<T = KubeObject> {
  items: T[];
}

/** Any object the API returns, read as plain JSON. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    generation?: number;
    uid?: string;
    deletionTimestamp?: string;
    ownerReferences?: { kind: string; name: string; uid: string }[];
  };
  // biome-ignore lint/suspicious/noExplicitAny: objects of every kind are read field by field by their callers.
  spec?: any;
  // biome-ignore lint/suspicious/noExplicitAny: as spec.
  status?: any;
  data?: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: EndpointSlices keep their endpoints and ports at the top level.
  [field: string]: any;
}

export interface KubeClient {
  /** The raw body of a GET (for `/readyz` and the like). */
  text(path: string, timeoutMs?: number): Promise<string>;
  get<T = KubeObject>(path: string): Promise<T>;
  list<T = KubeObject>(path: string, labelSelector?: string): Promise<T[]>;
  create<T = KubeObject>(path: string, body: unknown): Promise<T>;
  remove(path: string): Promise<void>;
}

/**
 * A small client of the API server over node:https: the token as bearer, the server's own CA as the only
 * trusted root (read at each call: the API server writes it when it starts).
 */
export function createKubeClient(access: KubeAccess): KubeClient {
  const call = (method: string, path: string, body?: unknown, timeoutMs = 30_000): Promise<string> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        new URL(path, access.server),
        {
          method,
          ca: readFileSync(access.caFile),
          timeout: timeoutMs,
          headers: {
            authorization: `Bearer ${access.token}`,
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve(text);
            else reject(new KubeApiError(status, method, path, messageOf(text)));
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  return {
    text: (path, timeoutMs) => call('GET', path, undefined, timeoutMs),
    get: async (path) => JSON.parse(await call('GET', path)),
    list: async <T>(path: string, labelSelector?: string): Promise<T[]> => {
      const query = labelSelector ? `?labelSelector=${encodeURIComponent(labelSelector)}` : '';
      return (JSON.parse(await call('GET', `${path}${query}`)) as KubeList<T>).items;
    },
    create: async (path, body) => JSON.parse(await call('POST', path, body)),
    remove: async (path) => {
      await call('DELETE', path);
    },
  };
}

function messageOf(body: string): string {
  try {
    return (JSON.parse(body) as { message?: string }).message ?? body;
  } catch {
    return body.trim();
  }
}
