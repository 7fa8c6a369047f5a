import type { ParkedEventStore } from './parked-events';

/**
 * The keys of one consumer group that have an event parked, for a group that keeps per-key order: a later
 * event of such a key is parked behind it. Kept in memory (loaded when the member joins the group, added to
 * as it parks) so the common case costs no store call; a key found here is confirmed in the store, since an
 * operator may have replayed or discarded its events through any replica since.
 */
export function createBlockedKeys(store: ParkedEventStore, group: string) {
  const keys = new Set<string>();
  let loading: Promise<void> | undefined;
  const idOf = (topic: string, key: string) => `${topic}\n${key}`;
  return {
    /** Partitions moved: read the parked keys again before the next batch. */
    forget(): void {
      loading = undefined;
    },
    async ready(): Promise<void> {
      loading ??= store.blockedKeys(group).then((found) => {
        keys.clear();
        for (const { topic, key } of found) keys.add(idOf(topic, key));
      });
      try {
        await loading;
      } catch (error) {
        loading = undefined;
        throw error;
      }
    },
    add(topic: string, key: string): void {
      keys.add(idOf(topic, key));
    },
    /** The id of the parked event that blocks this key, or null when it is free. */
    async blockerOf(topic: string, key: string | null): Promise<string | null> {
      if (key === null || !keys.has(idOf(topic, key))) return null;
      const parked = await store.parkedOfKey(group, topic, key);
      if (parked.length === 0) keys.delete(idOf(topic, key));
      return parked[0]?.id ?? null;
    },
  };
}

export type BlockedKeys = ReturnType<typeof createBlockedKeys>;
