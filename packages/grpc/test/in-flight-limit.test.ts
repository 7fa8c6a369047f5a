import { Client, credentials } from '@grpc/grpc-js';
import { audit, health } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { createLogger } from '@travel/logger';
import { metricValue } from '@travel/metrics';
import { createGrpcServer, createServiceClient } from '../src';

// A real server over loopback that runs at most two calls at once; its handler holds each call until the test
// releases it, so the test knows exactly how many are in flight.
const MAX_IN_FLIGHT = 2;
/** How long a queued call would wait: the held calls run until released, and the client's deadline is this. */
const QUEUED_CALL_WAITS_MS = 20_000;
/**
 * "Refused at once": far below what a queued call waits, and far above a refusal's round trip on a loaded machine
 * (547 ms seen with three component files running beside it, where the bound was 500 ms).
 */
const AT_ONCE_MS = 5000;
let releaseAll = () => {};
let released = Promise.resolve();
let running = 0;
const hold = () => {
  released = new Promise<void>((resolve) => {
    releaseAll = resolve;
  });
};

const server = createGrpcServer({
  host: '127.0.0.1',
  port: 0,
  logger: createLogger({ name: 'in-flight-test', level: 'silent' }),
  healthChecks: {},
  reflection: true,
  connections: {
    keepaliveTimeMs: 10_000,
    keepaliveTimeoutMs: 5000,
    maxConnectionAgeMs: 60_000,
    maxConnectionAgeGraceMs: 1000,
    maxInFlight: MAX_IN_FLIGHT,
  },
  services: [
    {
      definition: audit.AuditServiceDefinition,
      implementation: {
        async listAuditEntries() {
          running += 1;
          await released;
          running -= 1;
          return { entries: [] };
        },
        async recordAuditEntry() {
          return {};
        },
      },
    },
  ],
});

beforeAll(() => server.start());
// A test that failed while holding calls releases them, so the next one starts below the bound.
afterEach(() => releaseAll());
afterAll(async () => {
  releaseAll();
  await server.stop();
});

const address = () => `127.0.0.1:${server.port()}`;
const client = () =>
  createServiceClient(audit.AuditServiceDefinition, address(), { deadlineMs: QUEUED_CALL_WAITS_MS });
const shedCount = () =>
  metricValue('grpc_server_shed_total', {
    grpc_service: 'travel.identity.v1.AuditService',
    grpc_method: 'ListAuditEntries',
  });

/** As many calls as the bound, held; a failure is their answer (never an unhandled rejection). */
function holdBound(): Promise<unknown>[] {
  hold();
  return Array.from({ length: MAX_IN_FLIGHT }, () =>
    client()
      .listAuditEntries({})
      .catch((e: unknown) => e),
  );
}

/** grpc.reflection.v1's `list_services: "*"` (field 7), sent as grpcurl would, as raw protobuf bytes. */
async function listServices(): Promise<Buffer> {
  const raw = new Client(address(), credentials.createInsecure());
  const bytes = (value: Buffer) => value;
  const stream = raw.makeBidiStreamRequest(
    '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo',
    bytes,
    bytes,
  );
  try {
    const answer = new Promise<Buffer>((resolve, reject) => {
      stream.on('data', resolve);
      stream.on('error', reject);
    });
    stream.write(Buffer.from([0x3a, 0x01, 0x2a]));
    return await answer;
  } finally {
    stream.end();
    raw.close();
  }
}

async function waitUntil(condition: () => boolean): Promise<void> {
  const until = Date.now() + 3000;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('calls in flight', () => {
  it('when the server runs its bound of calls, then one more is refused at once as service_unavailable and counted, not queued', async () => {
    const held = holdBound();
    await waitUntil(() => running === MAX_IN_FLIGHT);
    const before = await shedCount();

    const started = performance.now();
    const refused = await client()
      .listAuditEntries({})
      .catch((e: unknown) => e);
    const tookMs = performance.now() - started;

    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'service_unavailable' });
    // At once: the held calls are still running (a queued call would wait for them until its deadline).
    expect(tookMs).toBeLessThan(AT_ONCE_MS);
    expect(running).toBe(MAX_IN_FLIGHT);
    expect(await shedCount()).toBe(before + 1);

    releaseAll();
    expect(await Promise.all(held)).toEqual([{ entries: [] }, { entries: [] }]);
    // Below the bound again: admitted.
    hold();
    releaseAll();
    await expect(client().listAuditEntries({})).resolves.toEqual({ entries: [] });
  });

  it('when the server runs its bound of calls, then health checks and reflection still answer', async () => {
    const held = holdBound();
    await waitUntil(() => running === MAX_IN_FLIGHT);

    const probe = createServiceClient(health.HealthDefinition, address(), { deadlineMs: 2000 });
    await expect(probe.check({ service: '' })).resolves.toEqual({
      status: health.HealthCheckResponse_ServingStatus.SERVING,
    });
    expect((await listServices()).toString('latin1')).toContain('travel.identity.v1.AuditService');

    releaseAll();
    expect(await Promise.all(held)).toEqual([{ entries: [] }, { entries: [] }]);
  });
});
