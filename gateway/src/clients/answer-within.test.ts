import { answerWithin } from './answer-within';

const never = <T>() => new Promise<T>(() => undefined);

describe('answerWithin', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('when the answer comes in time, then it is the result and the fallback is never asked', async () => {
    const fallback = jest.fn(async () => 'fallback');
    await expect(answerWithin(Promise.resolve('redis'), 250, fallback)).resolves.toBe('redis');
    jest.advanceTimersByTime(1000);
    expect(fallback).not.toHaveBeenCalled();
  });

  it('when no answer comes within the wait, then the fallback answers, and a late answer is dropped', async () => {
    let answer: (value: string) => void = () => undefined;
    const late = new Promise<string>((resolve) => {
      answer = resolve;
    });
    const result = answerWithin(late, 250, async () => 'fallback');
    jest.advanceTimersByTime(249);
    await Promise.resolve();
    const early = await Promise.race([result, Promise.resolve('pending')]);
    expect(early).toBe('pending');
    jest.advanceTimersByTime(1);
    await expect(result).resolves.toBe('fallback');
    answer('redis');
    await expect(result).resolves.toBe('fallback');
  });

  it('when the answer fails in time, then the failure is the result', async () => {
    await expect(answerWithin(Promise.reject(new Error('refused')), 250, never)).rejects.toThrow('refused');
  });
});
