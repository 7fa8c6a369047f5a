import { createLogger } from '@travel/logger';
import { isPermanentStartError, startWithRetries } from './start-retry';

const logger = createLogger({ name: 'start-retry-test', level: 'silent' });
const fast = { firstMs: 1, maxMs: 4 };

function flakyComponent(failures: Error[]) {
  const calls = { start: 0, stop: 0 };
  return {
    calls,
    component: {
      name: 'flaky',
      async start() {
        calls.start++;
        const error = failures.shift();
        if (error) throw error;
      },
      async stop() {
        calls.stop++;
      },
    },
  };
}

describe('startWithRetries', () => {
  it('when a dependency fails twice at start, then the component is stopped and started again until it starts', async () => {
    const broker = Object.assign(new Error('This server does not host this topic-partition'), {
      name: 'KafkaJSProtocolError',
    });
    const { component, calls } = flakyComponent([broker, new Error('connect ECONNREFUSED')]);
    await startWithRetries(component, logger, fast);
    expect(calls).toEqual({ start: 3, stop: 2 });
  });

  it('when the error is permanent (a port in use, a bug), then it is thrown at once', async () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    const { component, calls } = flakyComponent([inUse]);
    await expect(startWithRetries(component, logger, fast)).rejects.toBe(inUse);
    expect(calls.start).toBe(1);
  });

  it('when the process is stopping, then a failed start is not retried', async () => {
    const { component, calls } = flakyComponent([new Error('store down')]);
    await expect(startWithRetries(component, logger, fast, () => true)).rejects.toThrow('store down');
    expect(calls.start).toBe(1);
  });
});

describe('isPermanentStartError', () => {
  it('when the error is a malformed URL or a TypeError, then it is permanent; a network error is not', () => {
    expect(isPermanentStartError(Object.assign(new Error('bad'), { name: 'MongoParseError' }))).toBe(true);
    expect(isPermanentStartError(new TypeError('x is not a function'))).toBe(true);
    expect(
      isPermanentStartError(Object.assign(new Error('down'), { name: 'MongoServerSelectionError' })),
    ).toBe(false);
  });
});

describe('startWithRetries and a setting that explains the failure', () => {
  it('when the failure names a setting, then each retry is logged with that message', async () => {
    const lines: string[] = [];
    const { Writable } = await import('node:stream');
    const destination = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)).msg);
        callback();
      },
    });
    const explained = Object.assign(new Error('Kafka authentication failed: check KAFKA_SASL_USERNAME'), {
      name: 'ConnectionSettingError',
    });
    const { component } = flakyComponent([explained, new Error('connect ECONNREFUSED')]);
    await startWithRetries(component, createLogger({ name: 't', destination }), fast);
    expect(lines).toEqual([
      'Kafka authentication failed: check KAFKA_SASL_USERNAME; retrying',
      'start failed on a dependency; retrying',
    ]);
  });
});
