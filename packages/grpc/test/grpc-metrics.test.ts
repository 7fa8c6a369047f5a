import { audit } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { createLogger } from '@travel/logger';
import { createMetricsServer, sampleOf } from '@travel/metrics';
import { createGrpcServer, createServiceClient } from '../src';

// A real server and client over loopback, and the process's metrics listener scraped over HTTP: each call
// moves the server's and the client's counters under the service, method and status code.
let behaviour: () => Promise<void> = async () => {};
const logger = createLogger({ name: 'grpc-test', level: 'silent' });
const server = createGrpcServer({
  host: '127.0.0.1',
  port: 0,
  logger,
  healthChecks: {},
  services: [
    {
      definition: audit.AuditServiceDefinition,
      implementation: {
        async listAuditEntries() {
          await behaviour();
          return { entries: [] };
        },
        async recordAuditEntry() {
          return {};
        },
      },
    },
  ],
});
const metrics = createMetricsServer({ host: '127.0.0.1', port: 0, logger });

beforeAll(async () => {
  await server.start();
  await metrics.start();
});
afterAll(async () => {
  await server.stop();
  await metrics.stop();
});

const scrape = async () => (await fetch(`http://127.0.0.1:${metrics.port()}/metrics`)).text();
const client = () =>
  createServiceClient(audit.AuditServiceDefinition, `127.0.0.1:${server.port()}`, { deadlineMs: 2000 });
const call = (code: string) => ({
  grpc_service: 'travel.identity.v1.AuditService',
  grpc_method: 'ListAuditEntries',
  grpc_code: code,
});

describe('gRPC metrics', () => {
  it('when calls succeed and fail, then both sides count them by service, method and code, and time them', async () => {
    const before = await scrape();
    behaviour = async () => {};
    await client().listAuditEntries({});
    await client().listAuditEntries({});
    behaviour = async () => {
      throw new AppError('not_found');
    };
    await expect(client().listAuditEntries({})).rejects.toMatchObject({ code: 'not_found' });
    const after = await scrape();
    for (const side of ['server', 'client']) {
      const moved = (code: string) =>
        sampleOf(after, `grpc_${side}_handled_total`, call(code)) -
        sampleOf(before, `grpc_${side}_handled_total`, call(code));
      expect({ side, ok: moved('OK'), notFound: moved('NOT_FOUND') }).toEqual({ side, ok: 2, notFound: 1 });
      const timed = { grpc_service: 'travel.identity.v1.AuditService', grpc_method: 'ListAuditEntries' };
      expect(
        sampleOf(after, `grpc_${side}_handling_seconds_count`, timed) -
          sampleOf(before, `grpc_${side}_handling_seconds_count`, timed),
      ).toBe(3);
    }
  });

  it('when a call outlives its deadline, then the client counts DEADLINE_EXCEEDED', async () => {
    const before = await scrape();
    behaviour = () => new Promise((resolve) => setTimeout(resolve, 500));
    await expect(client().listAuditEntries({}, { deadline: 100 })).rejects.toBeInstanceOf(AppError);
    const after = await scrape();
    expect(
      sampleOf(after, 'grpc_client_handled_total', call('DEADLINE_EXCEEDED')) -
        sampleOf(before, 'grpc_client_handled_total', call('DEADLINE_EXCEEDED')),
    ).toBe(1);
  });
});
