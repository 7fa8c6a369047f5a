export {
  createMongo,
  driverOptionsOf,
  type MongoHandle,
  type MongoOptions,
  type MongoSettings,
  mongoOptionsOf,
} from './connection';
export { type Counters, createCounters } from './counters';
export { CREATED_ORDER, createdAfter } from './created-order';
export { type DeleteInBatchesOptions, deleteInBatches } from './delete-in-batches';
export { insertIfAbsent, insertWholeIfAbsent, isDuplicateKeyError } from './duplicate-key';
export { modelOn } from './model';
export { createProcessedEvents, type ProcessedEvents, type ProcessedEventsOptions } from './processed-events';
export { setAndUnset } from './set-fields';
export { withMongo } from './with-mongo';
