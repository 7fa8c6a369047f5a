import { useCallback, useEffect, useState } from 'react';
import type { Outcome } from '../api/client';

export interface Loaded<T> {
  loading: boolean;
  outcome: Outcome<T> | null;
  reload: () => void;
}

/** Runs `load` when its inputs (`deps`) change, keeping the newest answer only. */
export function useLoad<T>(load: () => Promise<Outcome<T>>, deps: readonly unknown[]): Loaded<T> {
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on.
  useEffect(() => {
    let current = true;
    setLoading(true);
    load().then((result) => {
      if (!current) return;
      setOutcome(result);
      setLoading(false);
    });
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { loading, outcome, reload };
}
