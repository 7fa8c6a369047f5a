/**
 * The MongoDB driver's errors for a store that cannot be reached or cannot answer in time (down, restarting,
 * saturated): the caller should retry later, so they are `503 service_unavailable`, not `500`. Named here, not
 * imported, so this package stays free of the driver.
 */
const STORE_UNAVAILABLE: ReadonlySet<string> = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoOperationTimeoutError',
  'MongoPoolClosedError',
  'MongoPoolClearedError',
  'MongoWaitQueueTimeoutError',
]);

/**
 * Node's own errors for a connection the other side ended while a command was being written. The MongoDB driver
 * passes some of them on unwrapped when the store stops mid-write (seen in the fault suite: `This socket has been
 * ended by the other party`, code `EPIPE`).
 */
const CONNECTION_ENDED: ReadonlySet<string> = new Set(['EPIPE', 'ECONNRESET']);

/** MongoDB's MaxTimeMSExpired: the store stopped an operation at its time limit (`maxTimeMS`), as asked. */
const MAX_TIME_EXPIRED = 50;

/** True for a failure of a backing server that a retry may not see (answered `503`, logged as a warning). */
export function isUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    STORE_UNAVAILABLE.has(error.name) ||
    (typeof code === 'string' && CONNECTION_ENDED.has(code)) ||
    (error.name === 'MongoServerError' && code === MAX_TIME_EXPIRED)
  );
}
