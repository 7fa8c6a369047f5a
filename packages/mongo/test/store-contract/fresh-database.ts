import { testInfra, uniqueName } from '@travel/testkit';
import { mongo } from 'mongoose';

/**
 * The store under test: `MONGO_URL` when set (a platform team's own MongoDB or compatible service),
 * else the embedded store the component tier starts.
 */
export const storeUrl = testInfra().mongoUrl;

/**
 * True unless the store under test is the embedded one the component tier starts (its set-up sets
 * TEST_STORE_EMBEDDED): `MONGO_URL` or `TEST_STORE_IMAGE` named another, whose build this suite cannot kill.
 */
export const storeIsExternal = process.env.TEST_STORE_EMBEDDED !== 'true';

export interface FreshDatabase {
  readonly client: mongo.MongoClient;
  readonly db: mongo.Db;
}

/**
 * A database of its own for one test file, on a client of its own, dropped after the file: tests own
 * their data, and a store left with garbage cannot make a later run pass.
 */
export function useFreshDatabase(prefix: string, options: mongo.MongoClientOptions = {}): FreshDatabase {
  let opened: { client: mongo.MongoClient; db: mongo.Db } | undefined;
  const get = () => {
    if (!opened) throw new Error('the fresh database is opened in beforeAll');
    return opened;
  };
  beforeAll(async () => {
    const client = await new mongo.MongoClient(storeUrl, {
      serverSelectionTimeoutMS: 10_000,
      ...options,
    }).connect();
    opened = { client, db: client.db(uniqueName(prefix)) };
  });
  afterAll(async () => {
    if (!opened) return;
    await opened.db.dropDatabase();
    await opened.client.close();
  });
  return {
    get client() {
      return get().client;
    },
    get db() {
      return get().db;
    },
  };
}

/** Starts `count` callers of `call` at once and returns how each ended. */
export function race<T>(
  count: number,
  call: (caller: number) => Promise<T>,
): Promise<PromiseSettledResult<T>[]> {
  return Promise.allSettled(Array.from({ length: count }, (_, caller) => call(caller)));
}

/** The values of the callers that succeeded. */
export function landed<T>(outcomes: PromiseSettledResult<T>[]): T[] {
  return outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
}

/** The errors of the callers that failed. */
export function refused<T>(outcomes: PromiseSettledResult<T>[]): unknown[] {
  return outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
}
