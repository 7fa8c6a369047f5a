import type { Connection } from 'mongoose';
import { createMongo, type MongoOptions } from './connection';

/** A one-shot command's connection: opened (its indexes are the migration's, made before), used, always closed. */
export async function withMongo<T>(
  options: MongoOptions,
  work: (connection: Connection) => Promise<T>,
): Promise<T> {
  const mongo = createMongo(options);
  await mongo.start();
  try {
    return await work(mongo.connection);
  } finally {
    await mongo.stop();
  }
}
