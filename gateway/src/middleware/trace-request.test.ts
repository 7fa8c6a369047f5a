import { Writable } from 'node:stream';
import { createLogger } from '@travel/logger';
import {
  createInMemorySpanExporter,
  currentTraceparent,
  type InMemorySpanExporter,
  SpanKind,
  startTracing,
  type Tracing,
} from '@travel/tracing';
import request from 'supertest';
import { assembleApp } from '../app';
import type { RouteDefinition } from '../http/route-table';

const lines: Array<Record<string, unknown>> = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    lines.push(JSON.parse(String(chunk)));
    done();
  },
});
const routes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/api/v1/bookings/:id',
    access: { kind: 'public' },
    handlers: [
      (req, res) => void res.json({ data: { id: req.params.id, traceparent: currentTraceparent() } }),
    ],
  },
  {
    method: 'get',
    path: '/api/ready',
    access: { kind: 'public' },
    handlers: [(_req, res) => void res.json({ data: { ready: true } })],
  },
];
// The gateway's real chain around these routes, its log lines kept.
const app = assembleApp(createLogger({ name: 'gateway', destination }), routes, undefined);

let exporter: InMemorySpanExporter;
let tracing: Tracing;
beforeEach(() => {
  exporter = createInMemorySpanExporter();
  tracing = startTracing({ serviceName: 'gateway', exporter });
});
afterEach(() => tracing.stop());

const finished = async (count: number) => {
  for (let i = 0; i < 50 && exporter.getFinishedSpans().length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return exporter.getFinishedSpans();
};

describe('trace request', () => {
  it('when a request is answered, then its server span is named by the route template and is active in the handler', async () => {
    const res = await request(app).get('/api/v1/bookings/bkg_42').set('X-Request-Id', 'partner-trace-0001');
    const [span] = await finished(1);
    expect(span?.name).toBe('GET /api/v1/bookings/:id');
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(span?.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/v1/bookings/:id',
      'http.response.status_code': 200,
      'travel.request.id': 'partner-trace-0001',
    });
    expect(res.body.data.traceparent).toBe(
      `00-${span?.spanContext().traceId}-${span?.spanContext().spanId}-01`,
    );
  });

  it('when the caller sends a traceparent, then the request still starts a trace of its own', async () => {
    const foreign = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await request(app).get('/api/v1/bookings/bkg_1').set('traceparent', foreign);
    const [span] = await finished(1);
    expect(span?.spanContext().traceId).not.toBe('0af7651916cd43dd8448eb211c80319c');
    expect(span?.parentSpanContext).toBeUndefined();
  });

  it('when no route matches, then the span is named by the method alone (never the raw URL)', async () => {
    await request(app).get('/api/v1/nothing/here');
    const [span] = await finished(1);
    expect(span?.name).toBe('GET');
    expect(span?.attributes['http.response.status_code']).toBe(404);
  });

  it('when a probe calls, then no span is made', async () => {
    await request(app).get('/api/ready');
    expect(await finished(1)).toEqual([]);
  });

  it('when tracing is off, then the handler sees no trace', async () => {
    await tracing.stop();
    const res = await request(app).get('/api/v1/bookings/bkg_1');
    expect(res.body.data.traceparent).toBeUndefined();
  });
});
