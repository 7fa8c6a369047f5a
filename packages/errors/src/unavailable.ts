/**
 * The MongoDB driver's errors for a store that cannot be reached or cannot answer in time (down, restarting,
 * saturated): the caller should retry later, so they are `503 service_unavailable`, not `500`. Named here, not
 * imported, so this package stays free of the driver.
 */
const STORE_UNAVAILABLE = new Set([
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

/** True for a failure of a backing server that a retry may not see (answered `503`, logged as a warning). */
export function isUnavailableError(error: unknown): boolean {
  return error instanceof Error && STORE_UNAVAILABLE.has(error.name);
}
