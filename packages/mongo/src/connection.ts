import { explainConnectionError } from '@travel/config';
import type { Logger } from '@travel/logger';
import mongoose, { type Connection, type ConnectOptions } from 'mongoose';

export interface MongoOptions {
  url: string;
  /** The service's own database; no service reads another's. */
  database: string;
  logger: Logger;
  /** Connections this process may hold open to the store (default 50). */
  maxPoolSize?: number;
  /**
   * The longest any one step of an operation may take (default 4000 ms): waiting for a pooled connection, the
   * server's answer (finding the server: at most STORE_SELECTION_TIMEOUT_MS). A store that is down, wedged or
   * saturated then fails calls within the callers' deadline (the gateway answers `503`) instead of piling them up.
   */
  timeoutMs?: number;
  /** TLS and credentials beside the URL (docs/deploy.md, "Managed services"); PEM texts, already read. */
  tls?: { ca?: string; certificateKey?: string };
  credentials?: { username: string; password: string };
}

/** The `MONGO_*` settings of a service's config, as `createMongo` takes them. */
export interface MongoSettings {
  MONGO_URL: string;
  MONGO_DATABASE: string;
  MONGO_MAX_POOL_SIZE: number;
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
    timeoutMs: config.MONGO_TIMEOUT_MS,
    tls: { ca: config.MONGO_TLS_CA_FILE, certificateKey: config.MONGO_TLS_CERT_KEY_FILE },
    ...(config.MONGO_USERNAME && {
      credentials: { username: config.MONGO_USERNAME, password: config.MONGO_PASSWORD ?? '' },
    }),
  };
}

/**
 * How long an operation waits for a store that answers (server selection), whatever `timeoutMs` says: a store
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
  const { ca, certificateKey } = options.tls ?? {};
  return {
    dbName: options.database,
    maxPoolSize: options.maxPoolSize ?? 50,
    serverSelectionTimeoutMS: Math.min(timeoutMs, STORE_SELECTION_TIMEOUT_MS),
    waitQueueTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
    socketTimeoutMS: timeoutMs,
    ...((ca || certificateKey) && { tls: true }),
    ...(ca && { ca }),
    ...(certificateKey && { cert: certificateKey, key: certificateKey }),
    ...(options.credentials && { auth: options.credentials }),
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
  return {
    name: 'mongodb',
    connection,
    async start() {
      // A wrong password or CA fails with the setting to fix; start-up retries it like a store that is down.
      await connection.openUri(options.url, driverOptionsOf(options)).catch((error: unknown) => {
        throw explainConnectionError('mongodb', error);
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
