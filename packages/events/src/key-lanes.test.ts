import type { KafkaMessage } from 'kafkajs';
import { consumeInKeyLanes, KEY_LANE_CHUNK } from './key-lanes';

const message = (offset: number, key: string | null): KafkaMessage =>
  ({ offset: String(offset), key: key === null ? null : Buffer.from(key), value: null }) as KafkaMessage;

/** Lets pending promise callbacks run, so every lane that can move has moved. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('key lanes', () => {
  it('when one key waits, then other keys of the batch go on, and its own later message waits behind it', async () => {
    const batch = [message(0, 'a'), message(1, 'b'), message(2, 'a'), message(3, 'b'), message(4, null)];
    const started: number[] = [];
    let releaseFirst: () => void = () => {};
    const consume = async (m: KafkaMessage) => {
      started.push(Number(m.offset));
      if (m.offset === '0') await new Promise<void>((resolve) => (releaseFirst = resolve));
      return true;
    };
    const resolved: string[] = [];
    const running = consumeInKeyLanes(batch, consume, async (m) => void resolved.push(m.offset));
    await settle();
    expect(started).toEqual([0, 1, 4, 3]);
    expect(resolved).toEqual([]);
    releaseFirst();
    expect(await running).toBe(true);
    expect(started).toEqual([0, 1, 4, 3, 2]);
    expect(resolved).toEqual(['4']);
  });

  it('when a message is left unfinished, then the offset moves only past the messages before it', async () => {
    const batch = [message(0, 'a'), message(1, 'b'), message(2, 'c'), message(3, 'a')];
    const started: number[] = [];
    const consume = async (m: KafkaMessage) => {
      started.push(Number(m.offset));
      return m.offset !== '1';
    };
    const resolved: string[] = [];
    expect(await consumeInKeyLanes(batch, consume, async (m) => void resolved.push(m.offset))).toBe(false);
    // Message 2 (key c) and 3 (key a) were handled, but 1 was not: only 0 is done for the partition.
    expect(started.sort()).toEqual([0, 1, 2, 3]);
    expect(resolved).toEqual(['0']);
  });

  it('when a batch is longer than a chunk, then each chunk is resolved before the next starts', async () => {
    const batch = Array.from({ length: KEY_LANE_CHUNK + 3 }, (_, i) => message(i, `k${i}`));
    const resolved: string[] = [];
    let startedBeforeFirstResolve = 0;
    const consume = async () => {
      if (resolved.length === 0) startedBeforeFirstResolve++;
      return true;
    };
    expect(await consumeInKeyLanes(batch, consume, async (m) => void resolved.push(m.offset))).toBe(true);
    expect(startedBeforeFirstResolve).toBe(KEY_LANE_CHUNK);
    expect(resolved).toEqual([String(KEY_LANE_CHUNK - 1), String(KEY_LANE_CHUNK + 2)]);
  });
});
