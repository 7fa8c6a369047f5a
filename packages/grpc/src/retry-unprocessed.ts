import { setTimeout as sleep } from 'node:timers/promises';
import { ClientError, type ClientMiddleware, type Metadata, Status } from 'nice-grpc';
import type { DeadlineOptions } from 'nice-grpc-client-middleware-deadline';
import { RECONNECT_BACKOFF_MS } from './connection-settings';
import { NOT_PROCESSED_KEY } from './metadata';

/** grpc-js's status details for a stream the server refused with HTTP/2 REFUSED_STREAM. */
const REFUSED_STREAM_DETAILS = 'Stream refused by server';
/** grpc-js's status details when no replica has a connection (every address refused, or reconnecting). */
const NO_CONNECTION_DETAILS = 'No connection established';
/**
 * How long a call waits for a connection when no replica has one: a little over the longest reconnect pause (plus
 * grpc-js's 20 % jitter), so a peer that has just come back is reached, and a peer that is down fails in ~0.75 s.
 */
const NO_CONNECTION_BUDGET_MS = RECONNECT_BACKOFF_MS.max * 1.5;
/** Pause before the second attempt onwards, doubling up to the cap (the first retry goes at once). */
const FIRST_PAUSE_MS = 25;
const MAX_PAUSE_MS = 250;

/**
 * Sends a unary call again when no server processed it, until one does or the call's deadline passes, so that a
 * replica going away or coming up fails no caller (round-robin sends each attempt to the next replica):
 * - HTTP/2 refused its stream: a server sent GOAWAY (its connection's maximum age, or its stop) while the call
 *   was on the wire. grpc-js retries that once by itself; a second refusal (two connections ending at once)
 *   reaches here.
 * - the replica listens but has not started (`untilServing` marks its UNAVAILABLE with `x-not-processed`). With
 *   one replica only, the caller hears UNAVAILABLE at its deadline instead of at once.
 * - no replica has a connection yet (the channel is between reconnect attempts after its peer restarted): for at
 *   most NO_CONNECTION_BUDGET_MS, so a peer that came back a moment ago is reached and one that is down still
 *   fails fast.
 * Nothing a handler may have begun is sent again, so no method needs to be idempotent for this.
 */
export const retryUnprocessed: ClientMiddleware<object, DeadlineOptions> = async function* retryUnprocessed(
  call,
  options,
) {
  if (call.requestStream || call.responseStream) return yield* call.next(call.request, options);
  const deadline =
    typeof options.deadline === 'number' ? new Date(Date.now() + options.deadline) : options.deadline;
  let firstNoConnection: number | undefined;
  for (let attempt = 1; ; attempt += 1) {
    let trailer: Metadata | undefined;
    try {
      return yield* call.next(call.request, {
        ...options,
        deadline,
        onTrailer(value) {
          trailer = value;
          options.onTrailer?.(value);
        },
      });
    } catch (error) {
      if (!notProcessed(error, trailer)) throw error;
      const pause = attempt === 1 ? 0 : Math.min(FIRST_PAUSE_MS * 2 ** (attempt - 2), MAX_PAUSE_MS);
      if (noConnection(error)) {
        firstNoConnection ??= Date.now();
        // No pause that ends past the budget: a peer that is down is answered 503 within it, not a pause later.
        if (Date.now() + pause - firstNoConnection > NO_CONNECTION_BUDGET_MS) throw error;
      }
      if (deadline && Date.now() + pause >= deadline.getTime()) throw error;
      if (options.signal?.aborted) throw error;
      await sleep(pause, undefined, { signal: options.signal }).catch(() => {
        throw error;
      });
    }
  }
};

function notProcessed(error: unknown, trailer: Metadata | undefined): boolean {
  if (!(error instanceof ClientError) || error.code !== Status.UNAVAILABLE) return false;
  return (
    error.details === REFUSED_STREAM_DETAILS ||
    trailer?.get(NOT_PROCESSED_KEY) === 'true' ||
    noConnection(error)
  );
}

function noConnection(error: unknown): boolean {
  return error instanceof ClientError && error.details.includes(NO_CONNECTION_DETAILS);
}
