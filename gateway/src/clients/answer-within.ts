/**
 * Redis's answer, or the fallback's if Redis has not answered within `ms`. A Redis that is reachable but
 * stalled (a long fork, a network that drops packets) keeps the connection open and never answers: without
 * this bound, every call waiting on it would hang. A late answer is dropped.
 */
export function answerWithin<T>(answer: Promise<T>, ms: number, fallback: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fallback().then(resolve, reject), ms);
    answer.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
