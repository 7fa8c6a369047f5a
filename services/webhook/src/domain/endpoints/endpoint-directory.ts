import type { EndpointRepository } from '../../db/endpoint.repository';
import type { Endpoint } from './endpoint';

/**
 * The endpoints the intake and the dispatcher look up, cached per process. Every lookup names a moment
 * (`since`, a `performance.now()` mark: when the event's batch arrived, when the dispatcher's pass began)
 * and is answered only from a cache checked after that moment against the store's endpoint change
 * version. A registration counts its change before it answers, so an event that happens after the answer
 * reaches this process after the count, and the check finds it: the new endpoint is never missed, on any
 * replica. One version read (by `_id`) serves every lookup waiting on it, however many events that is.
 */
export interface EndpointDirectory {
  ofClient(clientId: number, since: number): Promise<Endpoint[]>;
  ofTenant(tenantId: string, since: number): Promise<Endpoint[]>;
  find(id: string, since: number): Promise<Endpoint | undefined>;
}

export interface EndpointDirectoryDeps {
  endpoints: EndpointRepository;
  /** An entry is loaded again after this long even without a change: the backstop for a crash between a change and its count. */
  maxAgeMs: number;
  /** A monotonic clock in ms (`performance.now()` by default). */
  clock?: () => number;
}

/** More cached lookups than this and the cache starts again (clients × tenants × endpoints in use). */
const MAX_ENTRIES = 10_000;

interface Entry {
  value: unknown;
  loadedAt: number;
}

export function createEndpointDirectory(deps: EndpointDirectoryDeps): EndpointDirectory {
  const clock = deps.clock ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  let version: number | undefined;
  /** Bumped whenever the cache is emptied, so a load that straddles it is not stored. */
  let generation = 0;
  /** Every change counted before this moment is reflected in `entries`. */
  let checkedSince = Number.NEGATIVE_INFINITY;
  let checking: { startedAt: number; done: Promise<void> } | undefined;

  async function check(startedAt: number): Promise<void> {
    const current = await deps.endpoints.changeVersion();
    if (current !== version) {
      version = current;
      generation++;
      entries.clear();
    }
    checkedSince = Math.max(checkedSince, startedAt);
  }

  /** Resolves once a version read that began at or after `since` has been applied. */
  function freshSince(since: number): Promise<void> {
    if (checkedSince >= since) return Promise.resolve();
    if (!checking || checking.startedAt < since) {
      const startedAt = clock();
      const done = check(startedAt).finally(() => {
        if (checking?.done === done) checking = undefined;
      });
      checking = { startedAt, done };
    }
    return checking.done;
  }

  async function cached<T>(key: string, since: number, load: () => Promise<T>): Promise<T> {
    await freshSince(since);
    const hit = entries.get(key);
    if (hit && clock() - hit.loadedAt < deps.maxAgeMs) return hit.value as T;
    const loadedAt = clock();
    const loadedIn = generation;
    const value = await load();
    if (loadedIn === generation) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { value, loadedAt });
    }
    return value;
  }

  return {
    ofClient: (clientId, since) =>
      cached(`client:${clientId}`, since, () => deps.endpoints.ofClient(clientId)),
    ofTenant: (tenantId, since) =>
      cached(`tenant:${tenantId}`, since, () => deps.endpoints.ofTenant(tenantId)),
    find: (id, since) => cached(`id:${id}`, since, () => deps.endpoints.find(id)),
  };
}
