import {
  type Attributes,
  type Context,
  context,
  contextFrom,
  failSpan,
  isTracingEnabled,
  SpanKind,
  trace,
  traceHeadersOf,
  tracer,
} from '@travel/tracing';
import {
  type CallContext,
  ClientError,
  type ClientMiddleware,
  Metadata,
  ServerError,
  type ServerMiddleware,
  type ServerMiddlewareCall,
  Status,
} from 'nice-grpc';

/** Health probes (Kubernetes, the gateway's health report) come every few seconds: tracing them is noise. */
const UNTRACED_PREFIX = '/grpc.health.v1.Health/';

const traced = (path: string) => isTracingEnabled() && !path.startsWith(UNTRACED_PREFIX);

/** `travel.booking.v1.BookingService/CreateBooking` and the OpenTelemetry RPC attributes of a method path. */
function rpcOf(path: string): { name: string; attributes: Attributes } {
  const name = path.replace(/^\//, '');
  const [service = '', method = ''] = name.split('/');
  return { name, attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method } };
}

/**
 * A client span per call, whose W3C `traceparent` goes to the service in the call's metadata. Does nothing
 * (one check) when tracing is off.
 */
export const traceClientCalls: ClientMiddleware = async function* traceClientCall(call, options) {
  if (!traced(call.method.path)) return yield* call.next(call.request, options);
  const { name, attributes } = rpcOf(call.method.path);
  const span = tracer().startSpan(name, { kind: SpanKind.CLIENT, attributes });
  const metadata = Metadata(options.metadata);
  for (const [key, value] of Object.entries(traceHeadersOf(trace.setSpan(context.active(), span))))
    metadata.set(key, value);
  try {
    const response = yield* call.next(call.request, { ...options, metadata });
    span.setAttribute('rpc.grpc.status_code', Status.OK);
    return response;
  } catch (error) {
    if (error instanceof ClientError) span.setAttribute('rpc.grpc.status_code', error.code);
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
};

/** Statuses that mean the server failed (OpenTelemetry's RPC conventions); the others are the caller's. */
const SERVER_FAULTS: ReadonlySet<Status> = new Set([
  Status.UNKNOWN,
  Status.DEADLINE_EXCEEDED,
  Status.UNIMPLEMENTED,
  Status.INTERNAL,
  Status.UNAVAILABLE,
  Status.DATA_LOSS,
]);

/**
 * A server span per call, continuing the caller's trace from the `traceparent` metadata and active while the
 * handler runs (its log lines, its own calls and the events it writes carry the trace). Runs outside the
 * request-context middleware, so it sees the gRPC status that middleware made of an error.
 */
export const traceServerCalls: ServerMiddleware = async function* traceServerCall<Request, Response>(
  call: ServerMiddlewareCall<Request, Response>,
  callContext: CallContext,
): AsyncGenerator<Response, Response | undefined, undefined> {
  // A unary call's generator returns the response; a streaming one's returns nothing.
  const steps = call.next(call.request, callContext) as AsyncGenerator<Response, Response | undefined>;
  if (!traced(call.method.path)) return yield* steps;
  const { name, attributes } = rpcOf(call.method.path);
  const parent = contextFrom(callContext.metadata, (metadata, key) => {
    const value = metadata.get(key);
    return typeof value === 'string' ? value : undefined;
  });
  const span = tracer().startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  try {
    const response = yield* inContext(trace.setSpan(parent, span), steps);
    span.setAttribute('rpc.grpc.status_code', Status.OK);
    return response;
  } catch (error) {
    const code = error instanceof ServerError ? error.code : Status.UNKNOWN;
    span.setAttribute('rpc.grpc.status_code', code);
    if (SERVER_FAULTS.has(code)) failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
};

/**
 * Drives a generator with `active` as the active context at each step. A generator runs in the context of
 * whoever resumes it, so `context.with` around its creation alone would not reach the handler.
 */
async function* inContext<T, R>(
  active: Context,
  inner: AsyncGenerator<T, R, undefined>,
): AsyncGenerator<T, R, undefined> {
  for (;;) {
    const step = await context.with(active, () => inner.next());
    if (step.done) return step.value;
    yield step.value;
  }
}
