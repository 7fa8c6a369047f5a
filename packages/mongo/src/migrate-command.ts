import type { Logger } from '@travel/logger';
import type { Schema } from 'mongoose';
import { createMongo, type MongoSettings, mongoOptionsOf } from './connection';
import type { IndexMigrationReport } from './index-migration';

/**
 * The work of a service's `commands/migrate.ts` (through `runCommand`): its collections and their indexes brought to
 * what `collections` declares, in the database its MONGO_* settings name. The report is the command's output line.
 */
export function migrateCollections(
  collections: readonly Schema[],
): (config: MongoSettings, logger: Logger) => Promise<IndexMigrationReport> {
  return (config, logger) => createMongo({ ...mongoOptionsOf(config), logger, collections }).migrate();
}
