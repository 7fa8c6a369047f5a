import type { Logger } from '@travel/logger';
import { gauge } from '@travel/metrics';
import type { mongo } from 'mongoose';
import { type DeclaredCollection, shapeOf } from './declared-indexes';
import { listed } from './index-migration';

/** A declared index that no index of the store has the shape of (missing, or there with other options). */
export interface MissingIndex {
  collection: string;
  index: string;
}

const missingGauge = () =>
  gauge(
    'mongo_indexes_missing',
    'Indexes this process declares that its database lacks (checked at start): run the migration.',
    ['database', 'collection'],
  );

/**
 * Compares what the process declares with what its database has, by shape (an operator's index of the same shape
 * under another name serves as well). Logs each missing index and sets `mongo_indexes_missing`. The process keeps
 * serving (docs/decisions/data.md, "A missing index is reported, not fatal").
 */
export async function checkIndexes(
  db: mongo.Db,
  declared: readonly DeclaredCollection[],
  logger: Logger,
): Promise<MissingIndex[]> {
  const metric = missingGauge();
  const missing: MissingIndex[] = [];
  // One collection after another: a start opens one connection for this, not one per collection.
  for (const collection of declared) {
    const present = new Set((await listed(db, collection.name)).map(shapeOf));
    const lacking = collection.indexes.filter((index) => !present.has(shapeOf(index)));
    metric.set({ database: db.databaseName, collection: collection.name }, lacking.length);
    missing.push(...lacking.map((index) => ({ collection: collection.name, index: index.name })));
  }
  if (missing.length > 0)
    logger.warn(
      {
        database: db.databaseName,
        missing: missing.map(({ collection, index }) => `${collection}.${index}`),
      },
      'declared indexes are missing: queries may read whole collections and unique keys are not enforced; run the migration (docs/deploy.md, "Index migrations")',
    );
  return missing;
}
