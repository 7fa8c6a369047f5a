import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { createClient } from 'redis';

/** Succeeds only when a real `ping` command round-trips. */
export async function pingMongo(url: string, timeoutMs: number): Promise<void> {
  const client = new MongoClient(url, {
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
    socketTimeoutMS: timeoutMs,
  });
  try {
    await client.db('admin').command({ ping: 1 });
  } finally {
    await client.close(true).catch(() => undefined);
  }
}

/** Succeeds only when the broker answers an admin request (metadata alone is not enough). */
export async function pingKafka(brokers: string[], timeoutMs: number): Promise<void> {
  // kafkajs prints a partitioner warning on first use unless told not to.
  process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';
  const kafka = new Kafka({
    clientId: 'travel-infra-probe',
    brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: timeoutMs,
    requestTimeout: timeoutMs,
    retry: { retries: 0 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    await admin.describeCluster();
    await admin.listTopics();
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/** Succeeds only on PONG; one attempt, no reconnect loop. */
export async function pingRedis(url: string, timeoutMs: number): Promise<void> {
  const redis = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: timeoutMs },
    socket: { connectTimeout: timeoutMs, reconnectStrategy: false },
  });
  // connect() and ping() reject with the real cause (e.g. ECONNREFUSED); the event only needs a listener.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const answer = await redis.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
  } finally {
    if (redis.isOpen) redis.destroy();
  }
}
