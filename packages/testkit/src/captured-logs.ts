import { Writable } from 'node:stream';
import { createLogger, type Logger } from '@travel/logger';

/** A real logger whose JSON lines a test reads back (what an operator would read in the pod's log). */
export interface CapturedLogs {
  logger: Logger;
  /** Every line written so far, parsed. */
  lines(): Record<string, unknown>[];
  /** Every line as written, for "this secret never appears". */
  text(): string;
}

export function captureLogs(name = 'test'): CapturedLogs {
  const written: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      written.push(String(chunk));
      callback();
    },
  });
  return {
    logger: createLogger({ name, level: 'debug', destination }),
    lines: () =>
      written
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => written.join(''),
  };
}
