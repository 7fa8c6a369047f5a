import { expectExactly } from './exactly';

describe('expectExactly', () => {
  it('when the count reaches the number and stays there, then it passes', async () => {
    let count = 0;
    setTimeout(() => {
      count = 1;
    }, 50);
    await expectExactly(() => count, 1, { settleMs: 300, intervalMs: 20 });
    expect(count).toBe(1);
  });

  it('when a second one comes after the first, within the settle window, then it fails naming both counts', async () => {
    let count = 0;
    setTimeout(() => {
      count = 1;
    }, 20);
    setTimeout(() => {
      count = 2;
    }, 200);
    await expect(expectExactly(() => count, 1, { settleMs: 600, intervalMs: 20 })).rejects.toThrow(
      'expected exactly 1, and 1 it was, but 2 within 600 ms after',
    );
  });

  it('when the count never reaches the number, then it fails as waitFor does', async () => {
    await expect(expectExactly(() => 0, 1, { timeoutMs: 100, intervalMs: 20 })).rejects.toThrow(
      'expected exactly 1, counted 0',
    );
  });
});
