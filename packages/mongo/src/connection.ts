import type { Logger } from '@travel/logger';
import mongoose, { type Connection } from 'mongoose';

export interface MongoOptions {
  url: string;
  /** The service's own database; no service reads another's. */
  database: string;
  logger: Logger;
}

export interface MongoHandle {
  name: string;
  connection: Connection;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A real round trip to the server, for health checks. */
  ping(): Promise<boolean>;
}

/** One connection per service, created up front so repositories can be built before `start()`. */
export function createMongo(options: MongoOptions): MongoHandle {
  const connection = mongoose.createConnection();
  // FerretDB has no change streams or transactions; nothing we do needs them. Index builds run at start.
  connection.set('autoIndex', true);
  return {
    name: 'mongodb',
    connection,
    async start() {
      await connection.openUri(options.url, { dbName: options.database, serverSelectionTimeoutMS: 5000 });
      await connection.syncIndexes();
      options.logger.info({ database: options.database }, 'mongodb connected');
    },
    async stop() {
      await connection.close();
    },
    async ping() {
      const db = connection.db;
      if (connection.readyState !== 1 || !db) return false;
      const reply = await db.command({ ping: 1 }, { timeoutMS: 1000 });
      return reply.ok === 1;
    },
  };
}
