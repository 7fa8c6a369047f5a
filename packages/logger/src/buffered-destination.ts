import pino from 'pino';

/** Lines held before one write: about twenty request lines. */
export const LOG_BUFFER_BYTES = 4096;
/** The longest a line waits in the buffer while the process is quiet. */
export const LOG_FLUSH_MS = 1000;

export interface BufferedDestination {
  stream: pino.DestinationStream;
  /** pino's `streamWrite` hook: a line was written, so the next tick flushes. */
  streamWrite(line: string): string;
}

/**
 * An asynchronous file descriptor destination that writes once `bufferBytes` are due, and at the latest
 * `flushMs` after a line while the process is quiet, like nginx's `access_log ... buffer= flush=`: under load one
 * write carries some twenty lines instead of one each (the gateway's line per request cost about a tenth of its
 * CPU in writes at full speed). pino writes what is held when the process exits; only a kill without an exit
 * (SIGKILL, the kernel's out-of-memory killer) loses the last second of lines.
 */
export function bufferedDestination(
  fd: number,
  { bufferBytes = LOG_BUFFER_BYTES, flushMs = LOG_FLUSH_MS } = {},
): BufferedDestination {
  const stream = pino.destination({ dest: fd, sync: false, minLength: bufferBytes });
  // A flush while a write is out does nothing, so a line keeps two ticks' chances to be written.
  let ticksDue = 0;
  setInterval(() => {
    if (ticksDue === 0) return;
    ticksDue -= 1;
    stream.flush();
  }, flushMs).unref();
  return {
    stream,
    streamWrite(line) {
      ticksDue = 2;
      return line;
    },
  };
}
