import { counter, histogram } from '@travel/metrics';
import type { RequestHandler } from 'express';
import { requestContextOf } from '../http/request-context';

/** The route label of a request no route matched (unknown paths, the docs page's static assets). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts and times every request by the route's template (`/api/v1/bookings/:id`, from the route table,
 * never the raw path), method and status. A request the client abandoned before the answer was sent
 * counts as status 499, as proxies report it.
 */
export function httpMetrics(): RequestHandler {
  const requests = counter('http_requests_total', 'HTTP requests answered by the gateway.', [
    'route',
    'method',
    'status',
  ]);
  const duration = histogram(
    'http_request_duration_seconds',
    'Time from a request arriving to its answer being sent.',
    ['route', 'method'],
  );
  return (req, res, next) => {
    const stop = duration.startTimer();
    res.once('close', () => {
      const route = requestContextOf(res).route?.path ?? UNMATCHED_ROUTE;
      const method = req.method;
      requests.inc({ route, method, status: res.writableFinished ? res.statusCode : 499 });
      stop({ route, method });
    });
    next();
  };
}
