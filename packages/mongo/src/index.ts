export { createMongo, type MongoHandle, type MongoOptions } from './connection';
export { type Counters, createCounters } from './counters';
export { createProcessedEvents, type ProcessedEvents } from './processed-events';
export { modelOn } from './model';
