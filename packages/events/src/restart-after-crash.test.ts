import { EventEmitter } from 'node:events';
import { testLogger } from '@travel/testkit';
import type { Consumer } from 'kafkajs';
import { restartAfterCrash } from './restart-after-crash';

// The restart policy alone: a consumer here is only what restartAfterCrash touches (its CRASH event and
// disconnect). The real crash of a real consumer is the fault suite's (test/faults: Kafka stopped and started).

const CRASH = 'consumer.crash';

function crashingConsumer() {
  const emitter = new EventEmitter();
  const consumer = {
    events: { CRASH },
    on: (event: string, listener: (e: unknown) => void) => emitter.on(event, listener),
    disconnect: jest.fn(async () => {}),
  } as unknown as Consumer;
  const crash = (restart: boolean) =>
    emitter.emit(CRASH, { payload: { error: new Error('Failed to find group coordinator'), restart } });
  return { consumer, crash };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('restartAfterCrash', () => {
  it('when kafkajs leaves a crashed consumer stopped, then it is run again after a delay', async () => {
    const { consumer, crash } = crashingConsumer();
    const run = jest.fn(async () => {});
    restartAfterCrash(consumer, run, () => false, testLogger());
    crash(false);
    expect(run).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(500);
    expect(consumer.disconnect).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('when kafkajs restarts it itself, then nothing more is done', async () => {
    const { consumer, crash } = crashingConsumer();
    const run = jest.fn(async () => {});
    restartAfterCrash(consumer, run, () => false, testLogger());
    crash(true);
    await jest.advanceTimersByTimeAsync(20_000);
    expect(run).not.toHaveBeenCalled();
  });

  it('when the new start fails too, then it is tried again with a growing delay until it runs', async () => {
    const { consumer, crash } = crashingConsumer();
    const run = jest
      .fn(async () => {})
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'))
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    restartAfterCrash(consumer, run, () => false, testLogger());
    crash(false);
    await jest.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('when the consumer is being stopped, then a crash does not start it again', async () => {
    const { consumer, crash } = crashingConsumer();
    const run = jest.fn(async () => {});
    let stopped = false;
    restartAfterCrash(consumer, run, () => stopped, testLogger());
    crash(false);
    stopped = true;
    await jest.advanceTimersByTimeAsync(20_000);
    expect(run).not.toHaveBeenCalled();
  });
});
