import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { documented, testInfra, testLogger, uniqueName, waitFor } from '@travel/testkit';
import { createKeyFailures } from '../src/access/key-failures';
import {
  createRateLimits,
  type RateDecision,
  type RateLimit,
  type RateLimits,
} from '../src/access/rate-limits';
import { createRedis, type RedisHandle } from '../src/clients/redis';

/**
 * A TCP relay to the shared Redis that the test can cut, as a lost network would, or stall, as a Redis
 * that keeps the connection but stops answering would (the Redis itself stays up).
 */
async function relayTo(redisUrl: string) {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  const fromRedis = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
  };
  const server = createServer((inbound) => {
    const outbound = connect(Number(target.port || 6379), target.hostname);
    track(inbound);
    track(outbound);
    fromRedis.add(outbound);
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(redisUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as AddressInfo).port);
  return {
    url: relayed.toString(),
    cut() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
    /** Requests still reach Redis; its answers wait in the relay until `resume`. */
    stall() {
      for (const socket of fromRedis) socket.pause();
    },
    resume() {
      for (const socket of fromRedis) socket.resume();
    },
  };
}

/** The decision, or 'no answer' if it has not come within Redis's own connect timeout (2 s). */
const within2s = (decision: Promise<RateDecision>) =>
  Promise.race([decision, delay(2000).then(() => 'no answer' as const)]);

/** Three calls in turn, each as [allowed, remaining] or 'no answer' within 2 s. */
async function threeCalls(limits: RateLimits, keyId: string, limit: RateLimit) {
  const answers: Array<[boolean, number] | 'no answer'> = [];
  for (let call = 0; call < 3; call += 1) {
    const decision = await within2s(limits.consume(keyId, limit));
    answers.push(decision === 'no answer' ? decision : [decision.allowed, decision.remaining]);
  }
  return answers;
}

/** What a fresh in-memory window with a limit of 2 answers to three calls. */
const IN_MEMORY_WINDOW_OF_TWO = [
  [true, 1],
  [true, 0],
  [false, 0],
];

/** Two gateways' rate limits on the shared Redis, under a prefix of their own; `redis` reads what they counted. */
async function twoGateways(
  run: (gateways: {
    limitsA: RateLimits;
    limitsB: RateLimits;
    prefix: string;
    redis: RedisHandle;
  }) => Promise<void>,
) {
  const [a, b] = [
    createRedis(testInfra().redisUrl, testLogger()),
    createRedis(testInfra().redisUrl, testLogger()),
  ];
  await Promise.all([a.start(), b.start()]);
  try {
    const prefix = uniqueName('ct:rl');
    // These tests are about sharing a window, not about a stalled Redis: on a busy machine the default wait
    // would let a slow answer fall back to the in-memory window and count outside Redis.
    const options = { prefix, redisWaitMs: 10_000 };
    await run({
      limitsA: createRateLimits(a.client, options),
      limitsB: createRateLimits(b.client, options),
      prefix,
      redis: a,
    });
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

/** Rate limits on the shared Redis through a relay the test can stall (200 ms wait, 500 ms rest after it). */
async function stallableLimits(
  run: (setup: {
    relay: Awaited<ReturnType<typeof relayTo>>;
    redis: RedisHandle;
    limits: RateLimits;
    prefix: string;
  }) => Promise<void>,
) {
  const relay = await relayTo(testInfra().redisUrl);
  const redis = createRedis(relay.url, testLogger(), 200);
  await redis.start();
  try {
    const prefix = uniqueName('ct:rl');
    const limits = createRateLimits(redis.client, { prefix, redisWaitMs: 200, redisRestMs: 500 });
    await run({ relay, redis, limits, prefix });
  } finally {
    relay.resume(); // a stalled link would hold stop() on the calls still waiting for Redis
    await redis.stop();
    relay.cut();
  }
}

describe('gateway rate limits in Redis', () => {
  it('when Redis is reachable, then a window admits exactly its limit, shared by two gateways', async () => {
    documented('docs/access.md', 'a fixed window in Redis shared by replicas');
    await twoGateways(async ({ limitsA, limitsB }) => {
      const limit = { limit: 3, windowSeconds: 60 };
      const decisions = [
        await limitsA.consume('key_1', limit),
        await limitsB.consume('key_1', limit),
        await limitsA.consume('key_1', limit),
        await limitsB.consume('key_1', limit),
      ];
      expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
        [true, 2],
        [true, 1],
        [true, 0],
        [false, 0],
      ]);
      expect(decisions.every((d) => d.limit === 3 && d.resetSeconds >= 1 && d.resetSeconds <= 60)).toBe(true);
      expect((await limitsA.consume('key_2', limit)).remaining).toBe(2);
    });
  });

  it('when a key’s limit is large, then each gateway reserves a share at a time and together they admit exactly the limit', async () => {
    documented(
      'docs/access.md',
      "**rate limit**: the key's own limit or the platform default, a fixed window in Redis shared by replicas: each replica reserves 1 % of the window at a time (at least one call) with one atomic increment and admits calls from its share, so limits under 200 a window are counted call by call and a window never admits more than its limit; an in-memory window of the same size, which counts this replica's calls all along, stands in when Redis fails or has not answered within `REDIS_WAIT_MS`.",
    );
    await twoGateways(async ({ limitsA, limitsB, prefix, redis }) => {
      const limit = { limit: 1000, windowSeconds: 60 }; // a share of 10 calls (1 %)
      const counted = async () => Number(await redis.client.get(`${prefix}:1000:60:key_1`));
      // 25 calls at once on one gateway: three reservations of 10 in Redis, one at a time.
      const together = await Promise.all(Array.from({ length: 25 }, () => limitsA.consume('key_1', limit)));
      expect(together.every((d) => d.allowed)).toBe(true);
      expect(await counted()).toBe(30);
      // Then both in turn until both are refused: never more than the limit between them.
      let admitted = together.length;
      for (let call = 0; call < 1100; call += 1) {
        const limits = call % 2 === 0 ? limitsB : limitsA;
        if ((await limits.consume('key_1', limit)).allowed) admitted += 1;
      }
      expect(admitted).toBeLessThanOrEqual(1000);
      expect(admitted).toBeGreaterThanOrEqual(1000 - 2 * 10);
      expect((await limitsA.consume('key_1', limit)).allowed).toBe(false);
      expect((await limitsB.consume('key_1', limit)).remaining).toBe(0);
    });
  });

  it('when a share is a fraction of a call, then it rounds down (at least one), and windows are kept under rl:<limit>:<seconds>:<key> by default', async () => {
    documented('docs/access.md', 'each replica reserves 1 % of the window at a time (at least one call)');
    await twoGateways(async ({ redis }) => {
      const limits = createRateLimits(redis.client, { redisWaitMs: 10_000 });
      const keyId = uniqueName('key_default_prefix');
      const shareKey = `rl:150:60:${keyId}`; // 1 % of 150 is 1.5 calls: one at a time
      const tinyKey = `rl:50:60:${keyId}`; // 1 % of 50 is half a call: still one
      try {
        for (let call = 0; call < 3; call += 1)
          await limits.consume(keyId, { limit: 150, windowSeconds: 60 });
        await limits.consume(keyId, { limit: 50, windowSeconds: 60 });
        expect([await redis.client.get(shareKey), await redis.client.get(tinyKey)]).toEqual(['3', '1']);
      } finally {
        await redis.client.del([shareKey, tinyKey]);
      }
    });
  });

  it('when a replica is asked for a share outside (0, 100] percent, then it refuses to start', async () => {
    await twoGateways(async ({ redis }) => {
      const share = (sharePercent: number) => () => createRateLimits(redis.client, { sharePercent });
      for (const wrong of [0, -1, 100.5, Number.NaN])
        expect(share(wrong)).toThrow(new RangeError('sharePercent must be in (0, 100]'));
      for (const right of [0.5, 100]) expect(share(right)).not.toThrow();
      // A share of 10 % of 100 calls a window reserves 10 calls at a time.
      const prefix = uniqueName('ct:rl');
      await createRateLimits(redis.client, { prefix, sharePercent: 10 }).consume('key_1', {
        limit: 100,
        windowSeconds: 60,
      });
      expect(await redis.client.get(`${prefix}:100:60:key_1`)).toBe('10');
    });
  });

  it('when the connection to Redis is lost, then decisions come at once from the in-memory window and stop does not hang', async () => {
    documented(
      'docs/access.md',
      "an in-memory window of the same size, which counts this replica's calls all along, stands in when Redis fails",
    );
    const relay = await relayTo(testInfra().redisUrl);
    const redis = createRedis(relay.url, testLogger());
    await redis.start();
    try {
      const limits = createRateLimits(redis.client, { prefix: uniqueName('ct:rl') });
      const limit = { limit: 2, windowSeconds: 60 };
      const fromRedis = await limits.consume('key_1', limit);
      expect(fromRedis.allowed).toBe(true);
      relay.cut();
      await delay(50);
      expect(await threeCalls(limits, 'key_2', limit)).toEqual(IN_MEMORY_WINDOW_OF_TWO);
      // A fresh window of a minute resets in 60 seconds, rounded up, in Redis and in memory alike.
      const fromMemory = await limits.consume('key_3', limit);
      expect([fromRedis.resetSeconds, fromMemory.resetSeconds]).toEqual([60, 60]);
      expect(await redis.ping().catch(() => false)).toBe(false);
    } finally {
      await redis.stop();
    }
  });

  it('when Redis keeps the connection but stops answering, then decisions come from the in-memory window after the wait, and from Redis once it answers again', async () => {
    documented('docs/access.md', 'stands in when Redis fails or has not answered within `REDIS_WAIT_MS`');
    await stallableLimits(async ({ relay, redis, limits, prefix }) => {
      const limit = { limit: 2, windowSeconds: 60 };
      expect((await limits.consume('key_1', limit)).remaining).toBe(1);
      relay.stall();
      expect(await threeCalls(limits, 'key_2', limit)).toEqual(IN_MEMORY_WINDOW_OF_TWO);
      expect(await redis.ping()).toBe(false);
      relay.resume();
      await delay(600); // the in-memory windows' rest after the wait is over
      // Redis decides again: key_1's shared window goes on from where it was, and holds both calls.
      expect((await limits.consume('key_1', limit)).remaining).toBe(0);
      expect(await redis.client.get(`${prefix}:2:60:key_1`)).toBe('2');
      // Answering PING within 200 ms again can take longer than that on a busy machine (the run that found
      // this had three component files beside it), so it is awaited, bounded at 5 s.
      await waitFor(async () => expect(await redis.ping()).toBe(true), { timeoutMs: 5000 });
    });
  });

  it('when a key used its limit in Redis and then Redis stops answering, then the in-memory window, which counted this gateway’s calls all along, refuses it too', async () => {
    documented(
      'docs/access.md',
      "an in-memory window of the same size, which counts this replica's calls all along",
    );
    await stallableLimits(async ({ relay, redis, limits }) => {
      const limit = { limit: 2, windowSeconds: 60 };
      const spent = [await limits.consume('key_1', limit), await limits.consume('key_1', limit)];
      expect(spent.map((d) => [d.allowed, d.remaining])).toEqual([
        [true, 1],
        [true, 0],
      ]);
      relay.stall();
      expect(await threeCalls(limits, 'key_1', limit)).toEqual([
        [false, 0],
        [false, 0],
        [false, 0],
      ]);
      expect(await redis.ping()).toBe(false);
    });
  });
});

describe('failed-key windows per address in Redis', () => {
  it('when two gateways count an address’s failures, then the limit is shared and other addresses stay clear', async () => {
    await twoGateways(async ({ prefix, redis }) => {
      const b = createRedis(testInfra().redisUrl, testLogger());
      await b.start();
      try {
        const options = { limit: 3, windowSeconds: 60, prefix };
        const [failuresA, failuresB] = [
          createKeyFailures(redis.client, options),
          createKeyFailures(b.client, options),
        ];
        await failuresA.record('203.0.113.7');
        await failuresB.record('203.0.113.7');
        expect(await failuresA.standing('203.0.113.7')).toEqual({ blocked: false });
        await failuresA.record('203.0.113.7');
        const standing = await failuresB.standing('203.0.113.7');
        expect(standing).toMatchObject({ blocked: true });
        expect(standing.blocked && standing.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        expect(standing.blocked && standing.retryAfterSeconds).toBeLessThanOrEqual(60);
        expect(await failuresB.standing('203.0.113.8')).toEqual({ blocked: false });
        // Reading the standing counts nothing.
        expect(await redis.client.get(`${prefix}:key-failures:203.0.113.7`)).toBe('3');
      } finally {
        await b.stop();
      }
    });
  });

  it('when an address reaches the limit, then it waits out the window, 60 seconds rounded up, under rl:key-failures:<address> by default', async () => {
    await twoGateways(async ({ redis }) => {
      const failures = createKeyFailures(redis.client, { limit: 1, windowSeconds: 60, redisWaitMs: 10_000 });
      const address = uniqueName('203.0.113.');
      try {
        await failures.record(address);
        expect(await failures.standing(address)).toEqual({ blocked: true, retryAfterSeconds: 60 });
        expect(await redis.client.get(`rl:key-failures:${address}`)).toBe('1');
      } finally {
        await redis.client.del(`rl:key-failures:${address}`);
      }
    });
  });

  it('when the connection to Redis is lost for a while, then failures are counted and refused in memory, and stop does not hang', async () => {
    const relay = await relayTo(testInfra().redisUrl);
    const redis = createRedis(relay.url, testLogger());
    await redis.start();
    try {
      const failures = createKeyFailures(redis.client, {
        limit: 2,
        windowSeconds: 60,
        prefix: uniqueName('ct:rl'),
      });
      // Redis answered once (as in the rate-limit test above), so nothing is in flight when the link goes.
      expect(await failures.standing('203.0.113.9')).toEqual({ blocked: false });
      relay.cut();
      // Long enough for node-redis to be retrying: close() then waited for ever (stop() destroys instead).
      await delay(500);
      await failures.record('203.0.113.9');
      expect(await failures.standing('203.0.113.9')).toEqual({ blocked: false });
      await failures.record('203.0.113.9');
      expect(await failures.standing('203.0.113.9')).toMatchObject({ blocked: true });
    } finally {
      await redis.stop();
    }
  });
});
