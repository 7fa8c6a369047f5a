/** Where the real store (secantusd), Kafka and Redis of the test run are (set by the tier's set-up; else deploy/local's defaults). */
export interface TestInfra {
  mongoUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
}

export function testInfra(env: Record<string, string | undefined> = process.env): TestInfra {
  return {
    mongoUrl: env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    kafkaBrokers: (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim()),
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}
