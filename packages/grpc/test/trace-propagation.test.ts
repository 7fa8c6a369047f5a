import { audit, health } from '@travel/contracts';
import { AppError } from '@travel/errors';
import { createLogger } from '@travel/logger';
import {
  createInMemorySpanExporter,
  currentTraceparent,
  type InMemorySpanExporter,
  runInSpan,
  SpanKind,
  SpanStatusCode,
  startTracing,
  type Tracing,
} from '@travel/tracing';
import type { CallContext } from 'nice-grpc';
import { createGrpcServer, createServiceClient } from '../src';

// A real server and client over loopback, traced into an in-process exporter.
let behaviour: () => Promise<void> = async () => {};
const seen: { metadataTraceparent?: string; activeTraceparent?: string }[] = [];

const server = createGrpcServer({
  host: '127.0.0.1',
  port: 0,
  logger: createLogger({ name: 'grpc-test', level: 'silent' }),
  healthChecks: {},
  services: [
    {
      definition: audit.AuditServiceDefinition,
      implementation: {
        async listAuditEntries(_request: unknown, context: CallContext) {
          await new Promise((resolve) => setTimeout(resolve, 5)); // the span must survive an await
          seen.push({
            metadataTraceparent: context.metadata.get('traceparent') as string | undefined,
            activeTraceparent: currentTraceparent(),
          });
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
const address = () => `127.0.0.1:${server.port()}`;
const client = () => createServiceClient(audit.AuditServiceDefinition, address(), { deadlineMs: 2000 });

let exporter: InMemorySpanExporter;
let tracing: Tracing;
beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => {
  seen.length = 0;
  behaviour = async () => {};
  exporter = createInMemorySpanExporter();
  tracing = startTracing({ serviceName: 'grpc-test', exporter });
});
afterEach(() => tracing.stop());

const spanNamed = (name: string, kind: SpanKind) =>
  exporter.getFinishedSpans().find((span) => span.name === name && span.kind === kind);
const METHOD = 'travel.identity.v1.AuditService/ListAuditEntries';

describe('traces across a gRPC call', () => {
  it('when a traced caller calls, then client and server spans continue its trace, and the handler runs in the server span', async () => {
    await runInSpan('POST /api/v1/bookings', { kind: SpanKind.SERVER }, () => client().listAuditEntries({}));
    const request = spanNamed('POST /api/v1/bookings', SpanKind.SERVER);
    const clientSpan = spanNamed(METHOD, SpanKind.CLIENT);
    const serverSpan = spanNamed(METHOD, SpanKind.SERVER);
    const traceId = request?.spanContext().traceId;
    expect(clientSpan?.spanContext().traceId).toBe(traceId);
    expect(clientSpan?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
    expect(serverSpan?.spanContext().traceId).toBe(traceId);
    expect(serverSpan?.parentSpanContext?.spanId).toBe(clientSpan?.spanContext().spanId);
    expect(serverSpan?.attributes).toMatchObject({
      'rpc.system': 'grpc',
      'rpc.service': 'travel.identity.v1.AuditService',
      'rpc.method': 'ListAuditEntries',
      'rpc.grpc.status_code': 0,
    });
    expect(seen[0]?.metadataTraceparent).toBe(`00-${traceId}-${clientSpan?.spanContext().spanId}-01`);
    expect(seen[0]?.activeTraceparent).toBe(`00-${traceId}-${serverSpan?.spanContext().spanId}-01`);
  });

  it("when the handler throws a caller's error, then the server span is not a failure but the client span is", async () => {
    behaviour = async () => {
      throw new AppError('not_found', 'No booking bkg_1.');
    };
    await expect(client().listAuditEntries({})).rejects.toMatchObject({ code: 'not_found' });
    expect(spanNamed(METHOD, SpanKind.SERVER)?.attributes['rpc.grpc.status_code']).toBe(5);
    expect(spanNamed(METHOD, SpanKind.SERVER)?.status.code).toBe(SpanStatusCode.UNSET);
    expect(spanNamed(METHOD, SpanKind.CLIENT)?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('when the handler fails, then the server span is a failure', async () => {
    behaviour = async () => {
      throw new Error('database gone');
    };
    await expect(client().listAuditEntries({})).rejects.toMatchObject({ code: 'internal_error' });
    expect(spanNamed(METHOD, SpanKind.SERVER)?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('when a health probe calls, then no span is made', async () => {
    const probe = createServiceClient(health.HealthDefinition, address(), { deadlineMs: 2000 });
    await probe.check({ service: '' });
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('when tracing is off, then no traceparent travels and no span is made', async () => {
    await tracing.stop();
    await client().listAuditEntries({});
    expect(seen[0]).toEqual({ metadataTraceparent: undefined, activeTraceparent: undefined });
  });
});
