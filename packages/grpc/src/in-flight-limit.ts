import { counter, gauge, metricsEnabled } from '@travel/metrics';
import { ServerError, type ServerMiddleware, Status } from 'nice-grpc';
import { partsOf } from './metrics-middleware';

export const SHED_MESSAGE = 'The service has as many calls in flight as it takes; retry shortly.';

/**
 * At most `max` calls of this process's services run at once; one more is refused at once with
 * RESOURCE_EXHAUSTED (no catalog code: the caller's client makes it `503 service_unavailable`), never queued,
 * so an overload is shed where it starts instead of piling up until every call misses its deadline. A call
 * counts until its handler returns, even after its caller gave up: that is the work the process still does.
 * Health checks and reflection are not behind it (start-server.ts adds it to the services only).
 */
export function inFlightLimit(max: number): ServerMiddleware {
  const metrics = metricsEnabled();
  const shed = metrics
    ? counter(
        'grpc_server_shed_total',
        'gRPC calls this server refused at once (RESOURCE_EXHAUSTED) because GRPC_MAX_IN_FLIGHT calls were running.',
        ['grpc_service', 'grpc_method'],
      )
    : undefined;
  const running = metrics
    ? gauge('grpc_server_in_flight', 'gRPC calls whose handler this server is running now.', [])
    : undefined;
  let inFlight = 0;
  return async function* limitInFlight(call, context) {
    if (inFlight >= max) {
      shed?.inc(partsOf(call.method.path));
      throw new ServerError(Status.RESOURCE_EXHAUSTED, SHED_MESSAGE);
    }
    inFlight += 1;
    running?.inc();
    try {
      return yield* call.next(call.request, context);
    } finally {
      inFlight -= 1;
      running?.dec();
    }
  };
}
