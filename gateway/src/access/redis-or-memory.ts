import { answerWithin } from '../clients/answer-within';

/**
 * Redis's answer if it comes within `redisWaitMs`, else the in-memory window's; after such a wait the
 * in-memory windows answer alone for `redisRestMs`, so a stalled Redis costs one wait, not one per call.
 */
export function redisOrMemory(redisWaitMs: number, redisRestMs: number) {
  let redisRestsUntil = 0;
  return <T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> =>
    Date.now() < redisRestsUntil
      ? local()
      : answerWithin(shared(), redisWaitMs, () => {
          redisRestsUntil = Date.now() + redisRestMs;
          return local();
        });
}
