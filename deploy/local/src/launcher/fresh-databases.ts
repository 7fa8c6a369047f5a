import { MongoClient } from 'mongodb';
import type { InfraLog } from '../infra/types';

/** Drops every database whose name starts with `prefix` (a test profile's, never `travel_`: see the profile). */
export async function dropDatabases(mongoUrl: string, prefix: string, log: InfraLog): Promise<void> {
  const client = new MongoClient(mongoUrl, { serverSelectionTimeoutMS: 10_000 });
  try {
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    const ours = databases.map((db) => db.name).filter((name) => name.startsWith(prefix));
    for (const name of ours) await client.db(name).dropDatabase();
    if (ours.length > 0) log(`[launch] dropped ${ours.length} ${prefix}* databases of an earlier run`);
  } finally {
    await client.close(true).catch(() => undefined);
  }
}
