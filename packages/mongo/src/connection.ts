import { ConnectionSettingError, explainConnectionError } from '@travel/config';
import type { Logger } from '@travel/logger';
import mongoose, { type Connection, type ConnectOptions, type Schema } from 'mongoose';
import { declaredCollectionOf, mergedCollections, registeredCollectionsOf } from './declared-indexes';
import { checkIndexes, type MissingIndex } from './index-check';
import { type IndexMigrationReport, migrateIndexes } from './index-migration';

export interface MongoOptions {
  url: string;
  /** The service's own database; no service reads another's. */
  database: string;
  logger: Logger;
  /** Connections this process may hold open to the store (default 50). */
  maxPoolSize?: number;
  /**
   * The longest an operation waits for a server (default `STORE_SELECTION_TIMEOUT_MS`, 600 ms): the store down, or
   * a replica set electing. The caller gets `503` within a second instead of waiting for a store that is not there.
   */
  waitMs?: number;
  /**
   * The longest an operation may take otherwise (default 4000 ms): getting a pooled connection (which may mean
   * opening one: TCP, TLS, authentication), opening a connection, the answer. Below the callers' deadline (the
   * gateway's 5 s), so a wedged store fails calls with `503` instead of piling them up.
   */
  timeoutMs?: number;
  /**
   * The schemas of every collection the service owns (`src/db/collections.ts`): what `migrate()` and the service's
   * `commands/migrate.ts` create. Models the wiring registers are checked at start whether listed or not.
   */
  collections?: readonly Schema[];
  /** TLS and credentials beside the URL (docs/deploy.md, "Managed services"); PEM texts, already read. */
  tls?: { ca?: string; certificateKey?: string };
  credentials?: { username: string; password: string };
}

/** The `MONGO_*` settings of a service's config, as `createMongo` takes them. */
export interface MongoSettings {
  MONGO_URL: string;
  MONGO_DATABASE: string;
  MONGO_MAX_POOL_SIZE: number;
  MONGO_WAIT_MS: number;
  MONGO_TIMEOUT_MS: number;
  /** `mongoFields` of @travel/config reads these files at start; absent in a test's own settings. */
  MONGO_TLS_CA_FILE?: string;
  MONGO_TLS_CERT_KEY_FILE?: string;
  MONGO_USERNAME?: string;
  MONGO_PASSWORD?: string;
}

export function mongoOptionsOf(config: MongoSettings): Omit<MongoOptions, 'logger'> {
  return {
    url: config.MONGO_URL,
    database: config.MONGO_DATABASE,
    maxPoolSize: config.MONGO_MAX_POOL_SIZE,
    waitMs: config.MONGO_WAIT_MS,
    timeoutMs: config.MONGO_TIMEOUT_MS,
    tls: { ca: config.MONGO_TLS_CA_FILE, certificateKey: config.MONGO_TLS_CERT_KEY_FILE },
    ...(config.MONGO_USERNAME && {
      credentials: { username: config.MONGO_USERNAME, password: config.MONGO_PASSWORD ?? '' },
    }),
  };
}

/**
 * How long an operation waits for a store that answers (server selection) unless `MONGO_WAIT_MS` says otherwise: a store
 * that is down, or a replica set between primaries, makes the call fail within this (the gateway's `503` with
 * `Retry-After`) instead of holding it for the call's deadline; one that answers is selected at once. Longer than
 * the driver's quickest re-check of a server it lost (500 ms), so a single dropped connection is not a failure.
 * docs/decisions/health.md, "Fast 503s while a dependency is down".
 */
export const STORE_SELECTION_TIMEOUT_MS = 600;

/**
 * What the driver is given beside the URL. A CA or client certificate turns TLS on (as MongoDB's `tlsCAFile` does);
 * the driver takes the PEM texts (`ca`, and `cert` + `key` from the one certificate-and-key PEM, as it does for
 * `tlsCertificateKeyFile`). Credentials beside the URL authenticate against the URL's `authSource`, else `admin`.
 */
export function driverOptionsOf(options: Omit<MongoOptions, 'logger'>): ConnectOptions {
  const timeoutMs = options.timeoutMs ?? 4000;
  const waitMs = options.waitMs ?? STORE_SELECTION_TIMEOUT_MS;
  const { ca, certificateKey } = options.tls ?? {};
  return {
    dbName: options.database,
    maxPoolSize: options.maxPoolSize ?? 50,
    serverSelectionTimeoutMS: waitMs,
    // A checkout may open a connection, and a burst opens many at once (each a TLS handshake and SCRAM): a full pool
    // under overload is the services' in-flight bound's to refuse, not a reason to fail a call that would get one.
    waitQueueTimeoutMS: timeoutMs,
    // Opening a connection is also the monitor's heartbeat: a busy machine's slow handshake is no outage.
    connectTimeoutMS: timeoutMs,
    socketTimeoutMS: timeoutMs,
    ...((ca || certificateKey) && { tls: true }),
    ...(ca && { ca }),
    ...(certificateKey && { cert: certificateKey, key: certificateKey }),
    ...(options.credentials && { auth: options.credentials }),
  };
}

/**
 * The server's own time limit (`maxTimeMS`) for a read that may run long (a report's aggregation over a year): half
 * a second under the socket's, so the store stops the work and says so (MaxTimeMSExpired, a `503`) before the client
 * gives up on the connection, and never computes an answer nobody waits for.
 */
export function longReadLimitMs(config: Pick<MongoSettings, 'MONGO_TIMEOUT_MS'>): number {
  return Math.max(100, config.MONGO_TIMEOUT_MS - 500);
}

export interface MongoHandle {
  name: string;
  connection: Connection;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A real round trip to the server, for health checks. */
  ping(): Promise<boolean>;
  /**
   * Runs the index migration of `collections` on a connection of its own (the service's `commands/migrate.ts` does
   * the same): what the launcher, the chart's hook Job and the testkit run before the process starts.
   */
  migrate(): Promise<IndexMigrationReport>;
  /** The declared indexes the database lacked at `start()` (also logged and in `mongo_indexes_missing`). */
  missingIndexes(): readonly MissingIndex[];
}

/**
 * How long `start()` waits for the store's first answer. An operation's server selection is short (`MONGO_WAIT_MS`:
 * a caller gets its `503` at once), but at start nobody waits: a store that is slow to take its first handshake (a
 * busy machine, a store still starting) is tried again, a selection timeout at a time, until this has passed.
 */
const START_WAIT_MS = 10_000;

async function openPatiently(
  connection: Connection,
  url: string,
  driverOptions: ConnectOptions,
): Promise<void> {
  const until = Date.now() + START_WAIT_MS;
  for (;;) {
    try {
      await connection.openUri(url, driverOptions);
      return;
    } catch (error) {
      // A wrong setting (a password, a CA) is no slow store: it fails at once, with the setting to fix.
      const slow =
        (error as Error).name === 'MongooseServerSelectionError' &&
        !(explainConnectionError('mongodb', error) instanceof ConnectionSettingError);
      if (!slow || Date.now() >= until) throw error;
    }
  }
}

/** How long the index migration waits for the store (a server, a connection): it runs before the service, for no caller. */
const MIGRATION_WAIT_MS = 30_000;

/** One connection per service, created up front so repositories can be built before `start()`. */
export function createMongo(options: MongoOptions): MongoHandle {
  // Mongoose keeps `new Error().stack` of every query it runs, only to word a "query was already executed" error;
  // with source maps on, building that stack was about 3 % of a service's CPU under load (bench/log/2026-11-29.md).
  mongoose.set('skipOriginalStackTraces', true);
  const connection = mongoose.createConnection();
  // No process creates or drops collections or indexes: the migration does, as a step of its own (`migrate()`,
  // docs/decisions/data.md). Commands are never buffered while disconnected (they go to the driver, which fails
  // them within `timeoutMs`, and reconnects on its own when the store is back).
  // Into `config`, which model set-up and collections read: mongoose's `connection.set` files a key `config` does not
  // hold yet under `options`, where they are never read (indexes were built at every start).
  Object.assign(connection.config, { autoIndex: false, autoCreate: false, bufferCommands: false });
  const listed = (options.collections ?? []).map((schema) => declaredCollectionOf(schema));
  let missing: MissingIndex[] = [];
  return {
    name: 'mongodb',
    connection,
    async start() {
      // A wrong password or CA fails with the setting to fix; start-up retries it like a store that is down.
      await openPatiently(connection, options.url, driverOptionsOf(options)).catch((error: unknown) => {
        throw explainConnectionError('mongodb', error);
      });
      options.logger.info({ database: options.database }, 'mongodb connected');
      missing = await checkIndexes(
        connection.db as NonNullable<Connection['db']>,
        mergedCollections([listed, registeredCollectionsOf(connection)]),
        options.logger,
      ).catch((error: unknown) => {
        // A check that cannot run (the store went away meanwhile) is no reason to stop the start.
        options.logger.warn({ err: error }, 'the declared indexes could not be checked');
        return [];
      });
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
    async migrate() {
      // A connection of its own, whose answers may take as long as an index build on a large collection does, and
      // which waits for a store that is still starting (a fresh install): the Job's deadline bounds it, no caller.
      const own = mongoose.createConnection();
      const patient = {
        serverSelectionTimeoutMS: MIGRATION_WAIT_MS,
        waitQueueTimeoutMS: MIGRATION_WAIT_MS,
        socketTimeoutMS: 0,
      };
      await own.openUri(options.url, { ...driverOptionsOf(options), ...patient }).catch((error: unknown) => {
        throw explainConnectionError('mongodb', error);
      });
      try {
        // The listed collections and those of the models built on this connection (a test's repositories).
        const declared = mergedCollections([listed, registeredCollectionsOf(connection)]);
        return await migrateIndexes(own.db as NonNullable<Connection['db']>, declared, options.logger);
      } finally {
        await own.close();
      }
    },
    missingIndexes() {
      return missing;
    },
  };
}
