import { SealingError } from './sealer';

export interface ResealCount {
  /** Values sealed again under the active key. */
  resealed: number;
  /** Values already under it (left alone). */
  current: number;
  /** Values no configured key opens for their record (a key removed too early, a value moved): left as they are. */
  unopenable: number;
}

/**
 * The loop of every `reseal` command: each stored value not under the active key is sealed again and written
 * back only while it is unchanged (`replace` answers false when a write got there first, which sealed it). A
 * value that does not open is counted and left, so one bad value does not stop the others.
 */
export async function resealEach<T>(
  stored: Iterable<T> | AsyncIterable<T>,
  steps: {
    isCurrent(item: T): boolean;
    reseal(item: T): string;
    replace(item: T, sealed: string): Promise<boolean>;
  },
): Promise<ResealCount> {
  const count: ResealCount = { resealed: 0, current: 0, unopenable: 0 };
  for await (const item of stored) {
    if (steps.isCurrent(item)) {
      count.current++;
      continue;
    }
    let sealed: string;
    try {
      sealed = steps.reseal(item);
    } catch (error) {
      if (!(error instanceof SealingError)) throw error;
      count.unopenable++;
      continue;
    }
    if (await steps.replace(item, sealed)) count.resealed++;
  }
  return count;
}
