import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { bufferedDestination } from './buffered-destination';

function loggerToFile(options: { bufferBytes: number; flushMs: number }) {
  const file = join(mkdtempSync(join(tmpdir(), 'buffered-log-')), 'out.log');
  const fd = openSync(file, 'a');
  const buffered = bufferedDestination(fd, options);
  const log = pino({ hooks: { streamWrite: buffered.streamWrite } }, buffered.stream);
  return { log, read: () => readFileSync(file, 'utf8'), close: () => closeSync(fd) };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the buffered log destination', () => {
  it('when a quiet process logs a line, then it is held, then written within the flush interval', async () => {
    const { log, read, close } = loggerToFile({ bufferBytes: 4096, flushMs: 200 });
    log.info('quiet line');
    await settle(50);
    expect(read()).toBe('');
    await settle(450);
    expect(read()).toContain('quiet line');
    close();
  });

  it('when lines fill the buffer, then they are written at once, without waiting for the interval', async () => {
    const { log, read, close } = loggerToFile({ bufferBytes: 1024, flushMs: 60_000 });
    for (let line = 0; line < 40; line += 1) log.info({ line }, 'busy line');
    await settle(100);
    expect(read().split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(10);
    close();
  });
});
