import { Redis } from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';

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
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    // disconnect() arms this timer and only clears it on a socket "close" that a refused socket has
    // already emitted, which would hold the process open for the 2 s default.
    disconnectTimeout: 100,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // Keeps the real cause (e.g. ECONNREFUSED); connect() itself only says "Connection is closed".
  let lastError: Error | undefined;
  redis.on('error', (err: Error) => {
    lastError = err;
  });
  try {
    await redis.connect();
    const answer = await redis.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
  } catch (err) {
    throw lastError ?? err;
  } finally {
    if (redis.status !== 'end') redis.disconnect();
  }
}
