import { audit } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { createServiceClient } from '../src';
import {
  eventually,
  FAIL,
  HOLD,
  type Replica,
  type ReplicaOptions,
  startReplica,
  startReplicas,
} from './replicas';

// Real servers of a small test service, each on its own loopback address and the same port, as local replicas
// run; one client is given all of them in one `ipv4:` target, as the launcher gives them (in a cluster the
// addresses come from a headless Service's DNS name).

const keepalive = { keepaliveTimeMs: 10_000, keepaliveTimeoutMs: 5000 };
const clientOf = (target: string) =>
  createServiceClient(audit.AuditServiceDefinition, target, { deadlineMs: 5000, keepalive });
type AuditClient = ReturnType<typeof clientOf>;

/** Which replica answered each of `count` calls, `concurrency` at a time; a failed call is its error. */
async function callMany(client: AuditClient, count: number, concurrency = 8): Promise<(string | Error)[]> {
  const answers: (string | Error)[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      answers.push(
        await client.listAuditEntries({}).then(
          (answer) => answer.nextCursor ?? '',
          (error: Error) => error,
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return answers;
}

const failuresIn = (answers: (string | Error)[]) => answers.filter((a) => a instanceof Error);
const shareOf = (answers: (string | Error)[], host: string) =>
  answers.filter((a) => a === host).length / answers.length;

let running: Replica[] = [];
afterEach(async () => {
  for (const replica of running) replica.release();
  await Promise.all(running.map((replica) => replica.server.stop()));
  running = [];
});

async function replicas(count: number, options: ReplicaOptions = {}) {
  const started = await startReplicas(count, options);
  running = started.replicas;
  return started;
}

describe('a client given several replicas of a service', () => {
  it('when it calls two replicas listed in one ipv4: target, then the calls spread over both (each 30-70 %)', async () => {
    const { replicas: both, target } = await replicas(2);
    const answers = await callMany(clientOf(target), 200);
    expect(failuresIn(answers)).toEqual([]);
    for (const replica of both) {
      expect(shareOf(answers, replica.host)).toBeGreaterThanOrEqual(0.3);
      expect(shareOf(answers, replica.host)).toBeLessThanOrEqual(0.7);
    }
  });

  it('when its target is a dns:/// name, then it resolves it and the call is answered', async () => {
    const replica = await startReplica('127.0.0.1', 0);
    running = [replica];
    const answers = await callMany(clientOf(`dns:///localhost:${replica.server.port()}`), 4, 1);
    expect(answers).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });

  it('when connections reach their maximum age, then the client reconnects (the servers see new connections) and no call fails', async () => {
    const { replicas: all, target } = await replicas(2, {
      connections: { ...keepalive, maxConnectionAgeMs: 1000, maxConnectionAgeGraceMs: 1000 },
    });
    const client = clientOf(target);
    const answers: (string | Error)[] = [];
    // Calls for a few connection lifetimes (a bound on the count, not on the time).
    await eventually(async () => {
      answers.push(...(await callMany(client, 16, 4)));
      for (const replica of all) expect(replica.peers.size).toBeGreaterThanOrEqual(3);
    }, 60_000);
    expect(failuresIn(answers)).toEqual([]);
    for (const replica of all) expect(shareOf(answers, replica.host)).toBeGreaterThan(0.2);
  });
});

describe('a replica that is not serving yet, or fails a call', () => {
  it('when a replica listens but has not started, then the calls it would get go to the other one and none fails', async () => {
    const ready = await startReplica('127.0.0.2', 0);
    const starting = await startReplica('127.0.0.3', ready.server.port(), { serving: false });
    running = [ready, starting];
    const client = clientOf(`ipv4:127.0.0.2:${ready.server.port()},127.0.0.3:${ready.server.port()}`);
    const answers = await callMany(client, 100);
    expect(failuresIn(answers)).toEqual([]);
    expect(new Set(answers)).toEqual(new Set([ready.host]));

    await starting.server.start();
    expect(shareOf(await callMany(client, 100), starting.host)).toBeGreaterThanOrEqual(0.3);
  });

  it('when its only replica has just come back on its address, then the next call reaches it instead of failing', async () => {
    const first = await startReplica('127.0.0.2', 0);
    const port = first.server.port();
    const client = clientOf(`ipv4:127.0.0.2:${port}`);
    await client.listAuditEntries({});
    await first.server.stop();
    // The channel saw its peer go and is between reconnect attempts: no connection, as after a restart.
    const down = await client.listAuditEntries({}).catch((error: Error) => error);
    expect(down).toBeInstanceOf(AppError);
    const back = await startReplica('127.0.0.2', port);
    running = [back];
    expect(await client.listAuditEntries({})).toMatchObject({ nextCursor: '127.0.0.2' });
  });

  it('when no replica answers at all, then the call fails as unavailable within two seconds, not at its deadline', async () => {
    const gone = await startReplica('127.0.0.2', 0);
    const port = gone.server.port();
    await gone.server.stop();
    const started = Date.now();
    const error = await clientOf(`ipv4:127.0.0.2:${port}`)
      .listAuditEntries({})
      .catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'service_unavailable' });
    // Not a timing claim about speed: the deadline is 5 s, and this shows the call did not wait for it.
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('when a handler ran and the call failed as unavailable, then it is not sent again', async () => {
    const { replicas: both, target } = await replicas(2);
    const client = clientOf(target);
    const error = await client.listAuditEntries({ cursor: FAIL }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'service_unavailable' });
    expect(both.reduce((sum, replica) => sum + replica.calls, 0)).toBe(1);
  });
});

describe('a replica that stops (SIGTERM) while clients call it', () => {
  it('when a call is in flight on it, then that call completes, and the calls made during its stop all succeed on the other replica', async () => {
    const { replicas: all, target } = await replicas(2);
    const client = clientOf(target);
    await callMany(client, 8); // both connections up
    // Its own deadline outlasts the load below on a busy machine.
    const held = client.listAuditEntries({ cursor: HOLD }, { deadline: 60_000 });
    await eventually(() => expect(all.some((r) => r.held === 1)).toBe(true));
    const stopping = all.find((r) => r.held === 1) as Replica;
    const other = all.find((r) => r !== stopping) as Replica;

    // A steady load runs across the moment the stop begins; then more calls are made while it drains.
    const load = callMany(client, 400, 4);
    await eventually(() => expect(stopping.calls + other.calls).toBeGreaterThan(100));
    let stopped = false;
    const stop = stopping.server.stop().then(() => {
      stopped = true;
    });
    const during = await callMany(client, 100);
    expect(stopped).toBe(false); // the held call keeps the stop waiting, so these were made during it
    expect(failuresIn(during)).toEqual([]);
    expect(new Set(during)).toEqual(new Set([other.host]));
    expect(failuresIn(await load)).toEqual([]);

    stopping.release();
    await expect(held).resolves.toMatchObject({ nextCursor: stopping.host });
    await stop;
    expect(failuresIn(await callMany(client, 20))).toEqual([]);
  });

  it('when a call is still running after the grace, then the stop cancels it and ends', async () => {
    const replica = await startReplica('127.0.0.2', 0, {
      connections: {
        keepaliveTimeMs: 600_000,
        keepaliveTimeoutMs: 5000,
        maxConnectionAgeMs: 600_000,
        maxConnectionAgeGraceMs: 300,
      },
    });
    running = [replica];
    // No pings and a deadline past the test's own timeout: only the stop's cancel can end this call (and the
    // stop) in time. (A ping on a closing connection fails and drops it, so keepalive also bounds a drain.)
    const client = createServiceClient(audit.AuditServiceDefinition, `127.0.0.2:${replica.server.port()}`, {
      deadlineMs: 600_000,
    });
    const held = client.listAuditEntries({ cursor: HOLD }).catch((error: unknown) => error);
    await eventually(() => expect(replica.held).toBe(1));
    await replica.server.stop();
    const error = await held;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('service_unavailable');
  });
});
