import type { Logger } from '@travel/logger';
import mongoose, { type Connection } from 'mongoose';

export interface MongoOptions {
  url: string;
  /** The service's own database; no service reads another's. */
  database: string;
  logger: Logger;
  /** Connections this process may hold open to the store (default 50). */
  maxPoolSize?: number;
  /**
   * The longest any one step of an operation may take (default 4000 ms): finding the server, waiting for a
   * pooled connection, the server's answer. A store that is down, wedged or saturated then fails calls
   * within the callers' deadline (the gateway answers `503`) instead of piling them up.
   */
  timeoutMs?: number;
}

/** The `MONGO_*` settings of a service's config, as `createMongo` takes them. */
export interface MongoSettings {
  MONGO_URL: string;
  MONGO_DATABASE: string;
  MONGO_MAX_POOL_SIZE: number;
  MONGO_TIMEOUT_MS: number;
}

export function mongoOptionsOf(config: MongoSettings): Omit<MongoOptions, 'logger'> {
  return {
    url: config.MONGO_URL,
    database: config.MONGO_DATABASE,
    maxPoolSize: config.MONGO_MAX_POOL_SIZE,
    timeoutMs: config.MONGO_TIMEOUT_MS,
  };
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
  // Collections and indexes are made by `syncIndexes()` at start; commands are never buffered while disconnected (they
  // go to the driver, which fails them within `timeoutMs`, and reconnects on its own when the store is back).
  connection.set('autoIndex', false);
  connection.set('autoCreate', false);
  connection.set('bufferCommands', false);
  const timeoutMs = options.timeoutMs ?? 4000;
  return {
    name: 'mongodb',
    connection,
    async start() {
      await connection.openUri(options.url, {
        dbName: options.database,
        maxPoolSize: options.maxPoolSize ?? 50,
        serverSelectionTimeoutMS: timeoutMs,
        waitQueueTimeoutMS: timeoutMs,
        connectTimeoutMS: timeoutMs,
        socketTimeoutMS: timeoutMs,
      });
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
