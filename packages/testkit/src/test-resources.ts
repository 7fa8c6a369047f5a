import { type Admin, Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { claimedNames } from './claimed-names';
import { type TestInfra, testInfra } from './infra';
import { claimedAt } from './names';
import { waitFor } from './wait-for';

/** Databases of the store, topics and consumer groups of the broker, by name. */
export interface TestResources {
  databases: string[];
  topics: string[];
  groups: string[];
}

type Owned = (name: string) => boolean;

// Consumer groups are dropped too, but do not count as left: a group whose member was killed (a crash test's
// SIGKILL) keeps it until the broker's session timeout ends, and an empty group holds no data once its topics
// are gone (the broker expires it).
const isEmpty = (found: TestResources) => found.databases.length + found.topics.length === 0;

/** The databases and topics of `found`, for a message (the groups: see isEmpty). */
export const describeResources = (found: TestResources): string =>
  [...found.databases.map((name) => `database ${name}`), ...found.topics.map((name) => `topic ${name}`)].join(
    ', ',
  );

/** Short bounds: a store or broker that does not answer is reported, not waited for. */
const openStore = (infra: TestInfra) =>
  new MongoClient(infra.mongoUrl, { serverSelectionTimeoutMS: 5000, connectTimeoutMS: 5000 });

async function openBroker(infra: TestInfra): Promise<Admin> {
  const kafka = new Kafka({
    clientId: 'testkit-cleanup',
    brokers: infra.kafkaBrokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 5000,
    retry: { retries: 2 },
  });
  const admin = kafka.admin();
  await admin.connect();
  return admin;
}

async function within<T>(
  infra: TestInfra,
  work: (store: MongoClient, broker: Admin) => Promise<T>,
): Promise<T> {
  const store = openStore(infra);
  try {
    const broker = await openBroker(infra);
    try {
      return await work(store, broker);
    } finally {
      await broker.disconnect();
    }
  } finally {
    await store.close();
  }
}

async function list(store: MongoClient, broker: Admin, owned: Owned): Promise<TestResources> {
  const [{ databases }, topics, { groups }] = await Promise.all([
    store.db('admin').admin().listDatabases({ nameOnly: true }),
    broker.listTopics(),
    broker.listGroups(),
  ]);
  return {
    databases: databases.map((d) => d.name).filter(owned),
    topics: topics.filter(owned),
    groups: groups.map((g) => g.groupId).filter(owned),
  };
}

async function drop(store: MongoClient, broker: Admin, found: TestResources): Promise<void> {
  await Promise.all(found.databases.map((name) => store.db(name).dropDatabase()));
  // A group with a member left (see isEmpty) is refused; the others go.
  if (found.groups.length > 0) await broker.deleteGroups(found.groups).catch(() => undefined);
  if (found.topics.length > 0) await broker.deleteTopics({ topics: found.topics, timeout: 15_000 });
}

/** Every database, topic and consumer group whose name begins with one of `names`. */
export const startingWithAny =
  (names: Iterable<string>): Owned =>
  (resource) => {
    for (const name of names) if (resource.startsWith(name)) return true;
    return false;
  };

/** Names uniqueName made at or after `since` (ms): what a test run that began then has created. */
export const claimedSince =
  (since: number): Owned =>
  (resource) =>
    (claimedAt(resource) ?? -1) >= since;

/** What the store and broker hold of `owned` names. */
export function findTestResources(owned: Owned, infra = testInfra()): Promise<TestResources> {
  return within(infra, (store, broker) => list(store, broker, owned));
}

/**
 * Drops every database, topic and consumer group of `owned` names, then lists them again: resolves with what
 * is left (nothing, unless something recreated it or the broker refused).
 */
export function dropTestResources(owned: Owned, infra = testInfra()): Promise<TestResources> {
  return within(infra, async (store, broker) => {
    const found = await list(store, broker, owned);
    if (isEmpty(found)) return found;
    await drop(store, broker, found);
    // A deleted topic leaves the broker's metadata a moment after the deletion is acknowledged.
    return waitFor(
      async () => {
        const left = await list(store, broker, owned);
        if (!isEmpty(left)) throw Object.assign(new Error('left'), { left });
        return left;
      },
      { timeoutMs: 5000, intervalMs: 250 },
    ).catch((error: { left?: TestResources }) => {
      if (error.left) return error.left;
      throw error;
    });
  });
}

/**
 * The end of one test file: drops what the names it claimed (uniqueName) are the beginning of, and fails
 * when something of them is left. `global` is the test file's global object.
 */
export async function dropClaimedResources(global: object, infra = testInfra()): Promise<void> {
  const claimed = claimedNames(global);
  if (claimed.size === 0) return;
  const left = await dropTestResources(startingWithAny(claimed), infra);
  if (!isEmpty(left)) throw new Error(`the test file left ${describeResources(left)}`);
}
