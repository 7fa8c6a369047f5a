import { counter, histogram, metricsEnabled } from '@travel/metrics';
import {
  ClientError,
  type ClientFactory,
  type ClientMiddleware,
  type Server,
  ServerError,
  type ServerMiddleware,
  Status,
} from 'nice-grpc';

// The names and labels of go-grpc-prometheus, so the usual dashboards and alerts fit as they are.
const LABELS = ['grpc_service', 'grpc_method', 'grpc_code'] as const;
const TIMED = ['grpc_service', 'grpc_method'] as const;

const serverHandled = () =>
  counter('grpc_server_handled_total', 'gRPC calls finished by this server, by status code.', LABELS);
const serverHandling = () =>
  histogram('grpc_server_handling_seconds', 'Time this server took to answer a gRPC call.', TIMED);
const clientHandled = () =>
  counter('grpc_client_handled_total', 'gRPC calls this process made, by the status code received.', LABELS);
const clientHandling = () =>
  histogram(
    'grpc_client_handling_seconds',
    'Time a gRPC call of this process took, as the caller saw it.',
    TIMED,
  );

/** `/travel.booking.v1.BookingService/CreateBooking` → service and method (both from the proto: bounded). */
export function partsOf(path: string): { grpc_service: string; grpc_method: string } {
  const [, service = '', method = ''] = path.split('/');
  return { grpc_service: service, grpc_method: method };
}

/**
 * Counts and times every call this server answers. It runs outermost, so it sees the status the
 * request-context middleware turned an error into; a call the client abandoned counts as CANCELLED.
 */
export function serverMetricsMiddleware(): ServerMiddleware {
  const handled = serverHandled();
  const handling = serverHandling();
  return async function* serverMetrics(call, context) {
    const labels = partsOf(call.method.path);
    const stop = handling.startTimer(labels);
    let code: Status = Status.OK;
    try {
      return yield* call.next(call.request, context);
    } catch (error) {
      code = error instanceof ServerError ? error.code : Status.UNKNOWN;
      throw error;
    } finally {
      if (context.signal.aborted && code !== Status.OK) code = Status.CANCELLED;
      handled.inc({ ...labels, grpc_code: Status[code] });
      stop();
    }
  };
}

/**
 * Counts and times every call a client makes. It sits between the deadline middleware (so a deadline
 * counts as DEADLINE_EXCEEDED) and the catalog-error mapping (so it sees the gRPC status, not our code).
 */
export function clientMetricsMiddleware<Options = object>(): ClientMiddleware<object, Options> {
  const handled = clientHandled();
  const handling = clientHandling();
  return async function* clientMetrics(call, options) {
    const labels = partsOf(call.method.path);
    const stop = handling.startTimer(labels);
    let code: Status = Status.OK;
    try {
      return yield* call.next(call.request, options);
    } catch (error) {
      code =
        error instanceof ClientError
          ? error.code
          : options.signal?.aborted
            ? Status.CANCELLED
            : Status.UNKNOWN;
      throw error;
    } finally {
      handled.inc({ ...labels, grpc_code: Status[code] });
      stop();
    }
  };
}

/** The server with its calls counted, first of its middleware; as it is when metrics are off. */
export function withServerMetrics(server: Server): Server {
  return metricsEnabled() ? server.use(serverMetricsMiddleware()) : server;
}

/** The client factory with its calls counted, inside the middleware added after; as it is when metrics are off. */
export function withClientMetrics<Options extends object>(
  factory: ClientFactory<Options>,
): ClientFactory<Options> {
  return metricsEnabled() ? factory.use(clientMetricsMiddleware<Options>()) : factory;
}
