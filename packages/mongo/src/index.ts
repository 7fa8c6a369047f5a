export {
  createMongo,
  driverOptionsOf,
  longReadLimitMs,
  type MongoHandle,
  type MongoOptions,
  type MongoSettings,
  mongoOptionsOf,
} from './connection';
export { type Counters, createCounters, sequenceSchema } from './counters';
export { CREATED_ORDER, createdAfter } from './created-order';
export {
  type DeclaredCollection,
  declaredCollectionOf,
  type IndexSpec,
  registeredCollectionsOf,
} from './declared-indexes';
export { type DeleteInBatchesOptions, deleteInBatches } from './delete-in-batches';
export { insertAllIfAbsent, insertIfAbsent, insertWholeIfAbsent, isDuplicateKeyError } from './duplicate-key';
export { checkIndexes, type MissingIndex } from './index-check';
export { IndexConflictError, type IndexMigrationReport, migrateIndexes } from './index-migration';
export { INDEX_RECORD_COLLECTION } from './index-record';
export { type CombinedInsert, createCombinedInsert } from './insert-combiner';
export { migrateCollections } from './migrate-command';
export { modelOn } from './model';
export {
  createProcessedEvents,
  type ProcessedEvents,
  type ProcessedEventsOptions,
  processedEventSchema,
} from './processed-events';
export { setAndUnset } from './set-fields';
export { withMongo } from './with-mongo';
export { type CombinedWrite, createWriteCombiner } from './write-combiner';
