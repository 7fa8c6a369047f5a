export interface ResealCount {
  /** Values sealed again under the active key. */
  resealed: number;
  /** Values already under it (left alone). */
  current: number;
}

/**
 * The loop of every `reseal` command: each stored value not under the active key is sealed again and written
 * back only while it is unchanged (`replace` answers false when a write got there first, which sealed it).
 */
export async function resealEach<T>(
  stored: Iterable<T> | AsyncIterable<T>,
  steps: {
    isCurrent(item: T): boolean;
    reseal(item: T): string;
    replace(item: T, sealed: string): Promise<boolean>;
  },
): Promise<ResealCount> {
  const count: ResealCount = { resealed: 0, current: 0 };
  for await (const item of stored) {
    if (steps.isCurrent(item)) count.current++;
    else if (await steps.replace(item, steps.reseal(item))) count.resealed++;
  }
  return count;
}
