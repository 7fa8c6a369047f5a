import { Writable } from 'node:stream';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createLogger } from '@travel/logger';
import { runInSpan } from './spans';
import { startTracing } from './start-tracing';

function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, logger: createLogger({ name: 'webhook', destination }) };
}

describe('log lines and traces', () => {
  it('when a line is written inside a span, then it carries the trace and span ids; outside, neither', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = startTracing({ serviceName: 'webhook', exporter });
    const { lines, logger } = capturedLogger();
    let span: ReturnType<ReadableSpan['spanContext']> | undefined;
    try {
      logger.info('before');
      await runInSpan('deliver', { kind: SpanKind.CLIENT }, async () => {
        await new Promise((resolve) => setImmediate(resolve));
        logger.child({ requestId: 'req_12345678' }).info('inside');
      });
      span = exporter.getFinishedSpans()[0]?.spanContext();
    } finally {
      await tracing.stop();
    }
    expect(span?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[0]).not.toHaveProperty('traceId');
    expect(lines[1]).toMatchObject({ msg: 'inside', traceId: span?.traceId, spanId: span?.spanId });
  });

  it('when tracing is off, then lines carry no trace fields', () => {
    const { lines, logger } = capturedLogger();
    logger.info('plain');
    expect(lines[0]).toMatchObject({ msg: 'plain' });
    expect(lines[0]).not.toHaveProperty('traceId');
    expect(lines[0]).not.toHaveProperty('spanId');
  });
});
