/**
 * Runs an action at most once per key and window, in memory, for at most `maxKeys` keys (tenant-view-audit.ts).
 * Concurrent calls for one key share the action in flight; an action that fails is forgotten, so the next call
 * runs it again. Past `maxKeys` the oldest key is forgotten first: the cost of the bound is an action run again,
 * never one skipped while its key is remembered.
 */
export interface OncePerWindow {
  run(key: string, action: () => Promise<void>): Promise<void>;
  /** Keys remembered now (done within the window or in flight). */
  size(): number;
}

export interface OncePerWindowOptions {
  windowMs: number;
  maxKeys: number;
  now: () => number;
}

type Remembered = { doneUntil: number } | { inFlight: Promise<void> };

export function createOncePerWindow({ windowMs, maxKeys, now }: OncePerWindowOptions): OncePerWindow {
  // Insertion order is the order keys were last run, so the oldest (and the first to expire) come first.
  const keys = new Map<string, Remembered>();

  const remember = (key: string, value: Remembered) => {
    keys.delete(key);
    keys.set(key, value);
    while (keys.size > maxKeys) keys.delete(keys.keys().next().value as string);
  };

  /** Forgets the expired keys at the front, so an idle gateway does not keep a busy hour's keys. */
  const forgetExpired = () => {
    for (const [key, value] of keys) {
      if (!('doneUntil' in value) || value.doneUntil > now()) return;
      keys.delete(key);
    }
  };

  return {
    run(key, action) {
      forgetExpired();
      const known = keys.get(key);
      if (known && 'inFlight' in known) return known.inFlight;
      if (known && known.doneUntil > now()) return Promise.resolve();
      const inFlight = action().then(
        () => remember(key, { doneUntil: now() + windowMs }),
        (error: unknown) => {
          if (keys.get(key) === entry) keys.delete(key);
          throw error;
        },
      );
      const entry: Remembered = { inFlight };
      remember(key, entry);
      return inFlight;
    },
    size: () => keys.size,
  };
}
