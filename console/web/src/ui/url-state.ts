import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A page's filters live in its URL (`?status=5xx&route=...`): a filtered view can be bookmarked, shared and
 * reloaded, and Back undoes a filter. `set` replaces the named values (an empty one is removed).
 */
export function useUrlState(): {
  params: URLSearchParams;
  get: (name: string, fallback?: string) => string;
  set: (values: Record<string, string | undefined>) => void;
} {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const get = useCallback((name: string, fallback = '') => params.get(name) ?? fallback, [params]);
  const set = useCallback(
    (values: Record<string, string | undefined>) => {
      const next = new URLSearchParams(search);
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, value);
      }
      const query = next.toString();
      navigate(query ? `${location}?${query}` : location);
    },
    [search, location, navigate],
  );
  return { params, get, set };
}

/** The test/live switch's value, `live` unless the URL says `mode=test`. */
export function useMode(): 'live' | 'test' {
  const { get } = useUrlState();
  return get('mode') === 'test' ? 'test' : 'live';
}

/** The tenant a platform staff member chose (`?tenant=`), carried from page to page. */
export function useChosenTenant(): string {
  return useUrlState().get('tenant');
}

/** A link's target that keeps the mode and the chosen tenant. */
export function useCarry(): (path: string) => string {
  const { params } = useUrlState();
  return useCallback(
    (path: string) => {
      const kept = new URLSearchParams();
      for (const name of ['mode', 'tenant']) {
        const value = params.get(name);
        if (value) kept.set(name, value);
      }
      const query = kept.toString();
      return query ? `${path}?${query}` : path;
    },
    [params],
  );
}
