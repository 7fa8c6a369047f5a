import type { Logger } from '@travel/logger';
import type { mongo } from 'mongoose';
import {
  type DeclaredCollection,
  differsOnlyInTtl,
  type IndexSpec,
  sameShape,
  shapeOf,
  specOfListed,
} from './declared-indexes';
import { type AppliedIndex, type IndexRecord, indexRecordOf } from './index-record';

/** What one run did, index names as `<collection>.<index>`. */
export interface IndexMigrationReport {
  collectionsCreated: string[];
  created: string[];
  /** Ours, declared with other options: changed in place (a TTL) or dropped and built again. */
  changed: string[];
  /** Ours and no longer declared. */
  dropped: string[];
  /** Declared and present as declared. */
  unchanged: number;
  /** Declared, but an index of the same shape under another name (not ours) is there and serves instead. */
  servedByOthers: string[];
  /** Present, not declared and not made by the migration: an operator's, or one an older version's start made. */
  leftAlone: string[];
}

/** A declared index the migration may not apply without touching an index it did not make. */
export class IndexConflictError extends Error {
  constructor(readonly conflicts: string[]) {
    super(
      `indexes not applied (the migration never drops an index it did not make):\n  - ${conflicts.join('\n  - ')}`,
    );
    this.name = 'IndexConflictError';
  }
}

/**
 * Brings a database's collections and indexes to what the service declares (docs/decisions/data.md, "Index
 * changes are a step of their own"): creates missing collections and indexes, changes or drops only indexes it
 * made itself (recorded in `index_migrations`), and leaves every other index alone. On a database never migrated
 * before, indexes bearing a declared name are taken as its own: the start-up sync of older versions made them.
 * Idempotent; one run at a time per database.
 */
export async function migrateIndexes(
  db: mongo.Db,
  declared: readonly DeclaredCollection[],
  logger: Logger,
): Promise<IndexMigrationReport> {
  const record = indexRecordOf(db);
  const run: Run = {
    db,
    record,
    logger,
    firstRun: !(await record.completedBefore()),
    ours: await record.applied(),
    conflicts: [],
    report: {
      collectionsCreated: [],
      created: [],
      changed: [],
      dropped: [],
      unchanged: 0,
      servedByOthers: [],
      leftAlone: [],
    },
  };
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  for (const collection of declared) await migrateCollection(run, collection, existing.has(collection.name));
  // Indexes of ours on collections no longer declared at all (the collections and their data stay).
  const declaredNames = new Set(declared.map((c) => c.name));
  const orphaned = new Set(run.ours.filter((o) => !declaredNames.has(o.collection)).map((o) => o.collection));
  for (const name of orphaned)
    await dropStale(run, { name, indexes: [] }, existing.has(name) ? await listed(db, name) : []);
  if (run.conflicts.length > 0) throw new IndexConflictError(run.conflicts);
  await record.complete();
  return run.report;
}

interface Run {
  db: mongo.Db;
  record: IndexRecord;
  logger: Logger;
  firstRun: boolean;
  ours: AppliedIndex[];
  conflicts: string[];
  report: IndexMigrationReport;
}

async function migrateCollection(run: Run, collection: DeclaredCollection, exists: boolean): Promise<void> {
  if (!exists) await createCollection(run, collection.name);
  await dropStale(run, collection, await listed(run.db, collection.name));
  const present = await listed(run.db, collection.name);
  for (const index of collection.indexes) await applyIndex(run, collection.name, index, present);
  const declaredNames = new Set(collection.indexes.map((index) => index.name));
  for (const index of await listed(run.db, collection.name)) {
    if (index.name === '_id_' || declaredNames.has(index.name) || ownOf(run, collection.name, index.name))
      continue;
    run.report.leftAlone.push(`${collection.name}.${index.name}`);
    run.logger.info(
      { collection: collection.name, index: index.name },
      'index not declared and not ours: left alone',
    );
  }
}

async function createCollection(run: Run, name: string): Promise<void> {
  try {
    await run.db.createCollection(name);
    run.report.collectionsCreated.push(name);
  } catch (error) {
    // NamespaceExists: another writer created it meanwhile (an insert creates a collection too).
    if ((error as { code?: number }).code !== 48) throw error;
  }
}

/** Ours, no longer declared by name, and no declared index of the same shape (a rename keeps serving): dropped. */
async function dropStale(run: Run, collection: DeclaredCollection, present: IndexSpec[]): Promise<void> {
  const declaredNames = new Set(collection.indexes.map((index) => index.name));
  const declaredShapes = new Set(collection.indexes.map(shapeOf));
  for (const own of run.ours.filter((o) => o.collection === collection.name && !declaredNames.has(o.name))) {
    if (declaredShapes.has(own.shape)) continue;
    const now = present.find((index) => index.name === own.name);
    if (now && shapeOf(now) === own.shape) {
      await run.db.collection(collection.name).dropIndex(own.name);
      run.report.dropped.push(`${collection.name}.${own.name}`);
      run.logger.info({ collection: collection.name, index: own.name }, 'index no longer declared: dropped');
    }
    // Gone, or replaced by someone under the same name: no longer ours either way.
    await run.record.remove(collection.name, own.name);
  }
}

async function applyIndex(
  run: Run,
  collection: string,
  index: IndexSpec,
  present: IndexSpec[],
): Promise<void> {
  const label = `${collection}.${index.name}`;
  const named = present.find((p) => p.name === index.name);
  if (named && sameShape(named, index)) {
    run.report.unchanged += 1;
    // The index we declare, whoever built it (the start-up sync of older versions did): ours from now on.
    if (!ownOf(run, collection, index.name)) await run.record.add(collection, index);
    return;
  }
  if (named) {
    const own = ownOf(run, collection, index.name);
    if (!(own && own.shape === shapeOf(named)) && !run.firstRun) {
      run.conflicts.push(
        `${label}: an index of that name with other options is there and was not made by the migration`,
      );
      return;
    }
    await changeIndex(run, collection, named, index);
    run.report.changed.push(label);
    return;
  }
  const twin = present.find((p) => sameShape(p, index));
  if (twin) {
    run.report.servedByOthers.push(`${label} (as ${twin.name})`);
    run.logger.info(
      { collection, index: index.name, servedBy: twin.name },
      'declared index served by another of the same shape',
    );
    return;
  }
  await run.db.collection(collection).createIndex(index.key as mongo.IndexSpecification, optionsOf(index));
  await run.record.add(collection, index);
  run.report.created.push(label);
  run.logger.info({ collection, index: index.name }, 'index created');
}

/** A TTL alone changes in place; anything else is dropped and built again (its constraint is off meanwhile). */
async function changeIndex(run: Run, collection: string, from: IndexSpec, to: IndexSpec): Promise<void> {
  if (differsOnlyInTtl(from, to)) {
    await run.db.command({
      collMod: collection,
      index: { name: to.name, expireAfterSeconds: to.expireAfterSeconds },
    });
  } else {
    await run.db.collection(collection).dropIndex(from.name);
    await run.db.collection(collection).createIndex(to.key as mongo.IndexSpecification, optionsOf(to));
  }
  await run.record.add(collection, to);
  run.logger.info({ collection, index: to.name, from: shapeOf(from), to: shapeOf(to) }, 'index changed');
}

function optionsOf(index: IndexSpec): mongo.CreateIndexesOptions {
  const { key: _key, ...options } = index;
  return options as mongo.CreateIndexesOptions;
}

function ownOf(run: Run, collection: string, name: string): AppliedIndex | undefined {
  return run.ours.find((o) => o.collection === collection && o.name === name);
}

/** The indexes of a collection as the store lists them; none when it does not exist (NamespaceNotFound). */
export async function listed(db: mongo.Db, collection: string): Promise<IndexSpec[]> {
  try {
    const indexes = await db.collection(collection).listIndexes().toArray();
    return indexes.map((index) => specOfListed(index as Record<string, unknown>));
  } catch (error) {
    if ((error as { code?: number }).code === 26) return [];
    throw error;
  }
}
